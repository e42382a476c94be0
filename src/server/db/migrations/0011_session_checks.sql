-- Per-request session checks (src/server/auth/sessionState.ts, docs/auth.md): every access token
-- names its refresh-token family (claim `sid`), and `authenticate` refuses it once the family is
-- revoked (sign-out, sign-out everywhere, password change, refresh-token reuse). A family may hold
-- thousands of rotated rows; this partial index answers "is it revoked?" with one probe.
create index refresh_tokens_revoked_family_idx on refresh_tokens (family_id) where revoked_at is not null;
