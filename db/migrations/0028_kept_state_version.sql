CREATE TABLE `kept_state_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
-- The one row that the triggers of every connection but ingest's move (db/client.ts).
INSERT INTO `kept_state_version` (`id`, `version`) VALUES (1, 0);
