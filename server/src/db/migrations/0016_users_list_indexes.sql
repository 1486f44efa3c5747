-- The users list of the administrators (issue 20 §2: 100,000 users). A name, e-mail or title search is a
-- substring match (ILIKE '%…%') over one expression; a trigram index on exactly that expression serves
-- it. chr(1) separates the parts so a match cannot span two of them. modules/users/repository.ts
-- (searchText) writes the same expression: keep the two identical or the index is not used.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_search_trgm ON users USING gin (
  (email || chr(1) || title || chr(1) || given_name || ' ' || family_name || chr(1)
   || given_name || ' ' || middle_name || ' ' || family_name) gin_trgm_ops);
--> statement-breakpoint
-- The list's order, so a page is read in index order instead of sorting every user.
CREATE INDEX IF NOT EXISTS users_list_order ON users (family_name, given_name, email);
