-- Filled by the change that owns this migration (security round three); a no-op until then.
SELECT 1;
