-- A press badge's short code, typed at the door when a camera cannot read the QR: eight characters of
-- Crockford's base32 (no I, L, O or U; what is typed is read leniently by the server) drawn from the 40 first
-- bits of a random UUID, so that each row gets its own value (gen_random_uuid is built in and
-- cryptographically random, where random() is not). A function, because drizzle-kit writes a column's
-- default as given and this one is too long to repeat; the next migration makes it the column's default.
CREATE OR REPLACE FUNCTION public.press_badge_code(source uuid) RETURNS varchar(8)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + ((bits >> (35 - 5 * i)) & 31)::int, 1), '' ORDER BY i)
    FROM (SELECT ('x' || substr(replace(source::text, '-', ''), 1, 10))::bit(40)::bigint AS bits) AS drawn,
      generate_series(0, 7) AS i
  $$;
