import type { ReactNode } from 'react';
import { PublicPageCard } from '../../components/PublicPageCard.tsx';
import { usePageTitle } from '../../lib/page-title.ts';

/** A public, text-only page (cookie policy, contact). */
export function InfoPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <PublicPageCard title={title} layout="text">
      {children}
    </PublicPageCard>
  );
}
