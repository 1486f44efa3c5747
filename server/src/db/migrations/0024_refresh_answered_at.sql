-- Issue 27: the moment a rotation answered, so a repeat of the used token can be told apart as
-- concurrent (arrived before the answer) or a copy (arrived after it). Old rows stay NULL: see useRefreshToken.
ALTER TABLE "refresh_tokens" ADD COLUMN "answered_at" timestamp with time zone;