CREATE TABLE `handover_note_callbacks` (
	`event_id` text PRIMARY KEY NOT NULL,
	`note_id` integer NOT NULL,
	`type` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `handover_note_findings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`note_id` integer NOT NULL,
	`device_id` integer NOT NULL,
	`description` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`photos` text DEFAULT '[]' NOT NULL,
	`charge_id` integer
);
--> statement-breakpoint
CREATE INDEX `handover_note_findings_note` ON `handover_note_findings` (`note_id`);--> statement-breakpoint
CREATE TABLE `handover_note_machines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`note_id` integer NOT NULL,
	`device_id` integer NOT NULL,
	`hour_meter` real,
	`fuel_pct` real,
	`battery_pct` real,
	`read_at` integer,
	`checklist` text DEFAULT '[]' NOT NULL,
	`photos` text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `handover_note_machines_device` ON `handover_note_machines` (`note_id`,`device_id`);--> statement-breakpoint
CREATE TABLE `handover_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`renter_org_id` integer NOT NULL,
	`contract_id` integer NOT NULL,
	`handover_id` integer NOT NULL,
	`kind` text NOT NULL,
	`number` text NOT NULL,
	`lang` text NOT NULL,
	`state` text DEFAULT 'draft' NOT NULL,
	`lessor_name` text NOT NULL,
	`renter_name` text NOT NULL,
	`remark` text DEFAULT '' NOT NULL,
	`signing` text,
	`provider_flow_id` text,
	`lessee_url` text DEFAULT '' NOT NULL,
	`lessor_url` text DEFAULT '' NOT NULL,
	`renter_signer` text DEFAULT '' NOT NULL,
	`lessor_signer` text DEFAULT '' NOT NULL,
	`scan_url` text DEFAULT '' NOT NULL,
	`signed_at` integer,
	`created_by` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `handover_notes_handover` ON `handover_notes` (`handover_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `handover_notes_flow` ON `handover_notes` (`provider_flow_id`);--> statement-breakpoint
CREATE INDEX `handover_notes_org` ON `handover_notes` (`org_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `handover_notes_contract` ON `handover_notes` (`contract_id`);--> statement-breakpoint
CREATE INDEX `handover_notes_renter` ON `handover_notes` (`renter_org_id`);--> statement-breakpoint
CREATE TABLE `contract_terms` (
	`contract_id` integer PRIMARY KEY NOT NULL,
	`version_id` integer NOT NULL,
	`fixed_at` integer NOT NULL,
	`fixed_by` integer
);
--> statement-breakpoint
CREATE INDEX `contract_terms_version` ON `contract_terms` (`version_id`);--> statement-breakpoint
CREATE TABLE `terms_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`lang` text NOT NULL,
	`version` integer,
	`state` text DEFAULT 'draft' NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	`published_by` integer,
	`published_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `terms_versions_number` ON `terms_versions` (`org_id`,`lang`,`version`);--> statement-breakpoint
CREATE INDEX `terms_versions_org` ON `terms_versions` (`org_id`,`lang`,`state`);