-- The six role groups of the specification exist in every database from the first migration on, so that
-- users can be created (e.g. by the command line) before the server has ever started.
INSERT INTO "role_groups" ("name") VALUES
  ('administrator_global'),
  ('administrator_associated_companies'),
  ('administrator_press_room'),
  ('administrator_press_room_external_company'),
  ('agent_press_room_external_company'),
  ('user_press_room')
ON CONFLICT ("name") DO NOTHING;
