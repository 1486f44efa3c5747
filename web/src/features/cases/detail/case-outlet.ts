import type { Case } from '@cardiomap/contract';
import { useOutletContext } from 'react-router';

/** The case the detail page loaded, handed to its tabs through the router outlet. */
export const useDetailCase = (): Case => useOutletContext<Case>();
