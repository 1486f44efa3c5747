/** Typed reads of dicom-parser values that tolerate the padding, blanks and junk real files carry. */
import type { DataSet } from 'dicom-parser';

export function text(ds: DataSet | undefined, tag: string): string | undefined {
  const el = ds?.elements[tag];
  if (!ds || !el || el.length === 0 || el.length === undefined) return undefined;
  const value = ds.string(tag);
  const trimmed = value?.replace(/\0/g, '').trim();
  return trimmed ? trimmed : undefined;
}

export function textValues(ds: DataSet | undefined, tag: string): string[] {
  const value = text(ds, tag);
  return value ? value.split('\\').map((v) => v.trim()) : [];
}

/** A DS/IS list; undefined unless every one of `count` values (when given) is a finite number. */
export function numbers(ds: DataSet | undefined, tag: string, count?: number): number[] | undefined {
  const values = textValues(ds, tag);
  if (values.length === 0 || (count !== undefined && values.length < count)) return undefined;
  const parsed = (count === undefined ? values : values.slice(0, count)).map((v) =>
    v === '' ? Number.NaN : Number(v),
  );
  return parsed.every(Number.isFinite) ? parsed : undefined;
}

export function firstNumber(ds: DataSet | undefined, tag: string): number | undefined {
  return numbers(ds, tag)?.[0];
}

/** US value; undefined when absent or of the wrong length (a "Rows" written as text, for instance). */
export function uint16(ds: DataSet | undefined, tag: string): number | undefined {
  const el = ds?.elements[tag];
  if (!ds || !el || el.length < 2) return undefined;
  if (el.vr && el.vr !== 'US' && el.vr !== 'SS' && el.vr !== 'UN' && el.vr !== 'OW') return undefined;
  return ds.uint16(tag);
}

export function firstItem(ds: DataSet | undefined, tag: string): DataSet | undefined {
  return ds?.elements[tag]?.items?.[0]?.dataSet;
}
