import type { PageSection } from '@cardiomap/contract';

export interface ShownSection {
  section: PageSection;
  /** The heading shown when there are several sections: the region is added only where titles clash. */
  heading: string;
}

const sameText = (a: string, b: string) => a.trim() === b.trim();

/**
 * A member of organisations in several regions gets one section per region, and regions often carry
 * the same guide: a section whose title and text repeat an earlier one is shown once (issue 30 #14).
 * Sections that share a title but differ in text are told apart by their region.
 */
export function sectionsToShow(sections: readonly PageSection[]): ShownSection[] {
  const distinct = sections.filter(
    (section, index) =>
      !sections
        .slice(0, index)
        .some((earlier) => sameText(earlier.title, section.title) && sameText(earlier.body, section.body)),
  );
  return distinct.map((section) => {
    const clash = distinct.some((other) => other !== section && sameText(other.title, section.title));
    return { section, heading: clash ? `${section.title} (${section.region})` : section.title };
  });
}
