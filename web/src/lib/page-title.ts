import { useEffect } from 'react';

export const PRODUCT_NAME = 'CardioMap';

export const pageTitle = (title?: string): string => (title ? `${PRODUCT_NAME} – ${title}` : PRODUCT_NAME);

/** Spec §2: page titles carry the product prefix. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
