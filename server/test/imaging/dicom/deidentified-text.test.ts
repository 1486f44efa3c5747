import { describe, expect, it } from 'vitest';
import { text } from '../../../src/imaging/dicom/data-set-values.ts';
import { deidentifiedText, SERIES_DESCRIPTION } from '../../../src/imaging/dicom/deidentified-text.ts';
import { createUidMapper, deidentify } from '../../../src/imaging/dicom/deidentify.ts';
import { parseBytes } from '../../../src/imaging/dicom/parse-bytes.ts';
import { readInstance } from '../../../src/imaging/dicom/read-instance.ts';
import { phantomSeries } from '../../../src/imaging/testing/phantom.ts';
import { HAS_SHARED_DICOM, listFiles, readShared } from './shared-dicom.ts';

/** Free-text attributes of a CT header, kept, emptied, replaced or removed by the profile. */
const TEXT_TAGS = {
  SeriesDescription: SERIES_DESCRIPTION,
  ProtocolName: 0x00181030,
  StationName: 0x00081010,
  InstitutionName: 0x00080080,
  Manufacturer: 0x00080070,
  Modality: 0x00080060,
  ImageType: 0x00080008,
  BodyPartExamined: 0x00180015,
};

const keyOf = (tag: number) => `x${tag.toString(16).padStart(8, '0')}`;

describe('deidentifiedText', () => {
  const [slice] = phantomSeries({
    count: 1,
    text: {
      seriesDescription: 'CTA MARKER-7Q Herz',
      protocolName: 'TAVI MARKER-7Q',
      stationName: 'MARKER-7Q',
      institutionName: 'MARKER-7Q Hospital',
    },
  });
  const read = readInstance(slice?.bytes ?? new Uint8Array());
  if (!read.ok) throw new Error(read.setAside.reason);
  const deidentified = parseBytes(deidentify(read.source, { pseudonym: 'CM-1', mapUid: createUidMapper('k') }));
  if (!deidentified.ok) throw new Error(deidentified.setAside.reason);

  it.each(Object.entries(TEXT_TAGS))('answers for %s what the de-identified file holds', (_name, tag) => {
    const original = text(read.source.dataSet, keyOf(tag)) ?? '';
    expect(deidentifiedText(read.instance, tag, original)).toBe(text(deidentified.parsed.dataSet, keyOf(tag)) ?? '');
  });

  it('never answers the identifying text the profile takes out', () => {
    expect(deidentifiedText(read.instance, SERIES_DESCRIPTION, read.instance.seriesDescription)).not.toContain(
      'MARKER-7Q',
    );
    // What it keeps comes back as it was.
    expect(deidentifiedText(read.instance, TEXT_TAGS.Modality, 'CT')).toBe('CT');
  });

  it('keeps characters beyond ASCII as they were read', () => {
    const latin1 = 'Thorax nativ \u00e9\u00fc';
    expect(deidentifiedText(read.instance, TEXT_TAGS.Modality, latin1)).toBe(latin1);
  });
});

describe.skipIf(!HAS_SHARED_DICOM)('deidentifiedText on the shared DICOM folder', () => {
  it('answers what the de-identified copy of every usable real file holds', () => {
    let checked = 0;
    for (const path of listFiles()) {
      const read = readInstance(readShared(path));
      if (!read.ok) continue;
      const out = parseBytes(deidentify(read.source, { pseudonym: 'CM-1', mapUid: createUidMapper('k') }));
      if (!out.ok) throw new Error(`${path}: ${out.setAside.reason}`);
      for (const tag of Object.values(TEXT_TAGS)) {
        const original = text(read.source.dataSet, keyOf(tag)) ?? '';
        expect(deidentifiedText(read.instance, tag, original), `${path} ${keyOf(tag)}`).toBe(
          text(out.parsed.dataSet, keyOf(tag)) ?? '',
        );
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
