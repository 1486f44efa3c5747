import type { Paginated } from '@cardiomap/contract';
import type { FastifyRequest } from 'fastify';
import { webAppUrl } from '../mail/links.ts';

export interface PageRequest {
  page: number;
  page_size: number;
}

/** LIMIT/OFFSET of a page; pages are numbered from 1. */
export const pageWindow = ({ page, page_size }: PageRequest) => ({ limit: page_size, offset: (page - 1) * page_size });

/**
 * The list envelope of architecture.md §4 with absolute `next`/`previous` links: the same query with
 * another page number, on the web app's address (`webAppUrl`: PUBLIC_URL, else localhost at PORT). Never
 * on the request's Host header: a client (or anyone in front of it) chooses that, and a link built from
 * it would send the next page's request, with its token, wherever the header said (issue 27).
 */
export function paginated<T>(
  request: FastifyRequest,
  publicUrl: string | undefined,
  pageRequest: PageRequest,
  count: number,
  results: T[],
): Paginated<T> {
  const base = webAppUrl({ publicUrl, port: request.server.config.port });
  const link = (page: number) => {
    const url = new URL(request.url, base);
    url.searchParams.set('page', String(page));
    return url.toString();
  };
  const { page, page_size } = pageRequest;
  return {
    count,
    next: page * page_size < count ? link(page + 1) : null,
    previous: page > 1 ? link(Math.min(page - 1, Math.max(1, Math.ceil(count / page_size)))) : null,
    results,
  };
}
