CREATE TABLE `esign_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`owner_id` integer NOT NULL,
	`provider_account_id` text DEFAULT '' NOT NULL,
	`state` text DEFAULT 'none' NOT NULL,
	`expires_on` text,
	`checked_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `esign_accounts_owner` ON `esign_accounts` (`kind`,`owner_id`);--> statement-breakpoint
CREATE TABLE `esign_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`name` text NOT NULL,
	`lang` text DEFAULT 'zh' NOT NULL,
	`base_upload` text,
	`fields` text NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `esign_templates_org` ON `esign_templates` (`org_id`);--> statement-breakpoint
CREATE TABLE `seal_grants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`seal_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`granted_by` integer NOT NULL,
	`state` text DEFAULT 'active' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `seal_grants_seal_user` ON `seal_grants` (`seal_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `seals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`name` text NOT NULL,
	`kind` text DEFAULT 'contract' NOT NULL,
	`seal_text` text NOT NULL,
	`provider_seal_id` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `seals_org` ON `seals` (`org_id`);--> statement-breakpoint
CREATE TABLE `signing_callbacks` (
	`event_id` text PRIMARY KEY NOT NULL,
	`flow_id` integer NOT NULL,
	`type` text NOT NULL,
	`outcome` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `signing_callbacks_flow` ON `signing_callbacks` (`flow_id`);--> statement-breakpoint
CREATE TABLE `signing_flows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contract_id` integer NOT NULL,
	`provider_flow_id` text NOT NULL,
	`state` text DEFAULT 'lesseePending' NOT NULL,
	`lessee_url` text DEFAULT '' NOT NULL,
	`lessor_url` text DEFAULT '' NOT NULL,
	`lessee_signer` text DEFAULT '' NOT NULL,
	`lessee_signed_at` integer,
	`lessor_signer` text DEFAULT '' NOT NULL,
	`lessor_signed_at` integer,
	`seal_id` integer,
	`started_by` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `signing_flows_provider` ON `signing_flows` (`provider_flow_id`);--> statement-breakpoint
CREATE INDEX `signing_flows_contract` ON `signing_flows` (`contract_id`);--> statement-breakpoint
CREATE TABLE `approval_rules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`name` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`require_verified_renter` integer DEFAULT false NOT NULL,
	`require_no_arrears` integer DEFAULT false NOT NULL,
	`max_total_cents` integer,
	`max_days` integer,
	`allowed_models` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `approval_rules_org` ON `approval_rules` (`org_id`,`position`);--> statement-breakpoint
CREATE TABLE `contract_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contract_id` integer NOT NULL,
	`action` text NOT NULL,
	`user_id` integer,
	`actor` text DEFAULT 'user' NOT NULL,
	`from_status` integer,
	`to_status` integer,
	`reason` text DEFAULT '' NOT NULL,
	`day` text,
	`details` text DEFAULT '{}' NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contract_events_contract` ON `contract_events` (`contract_id`,`at`);--> statement-breakpoint
CREATE TABLE `contract_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contract_id` integer NOT NULL,
	`upload_name` text NOT NULL,
	`kind` text NOT NULL,
	`file_name` text DEFAULT '' NOT NULL,
	`created_by` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contract_files_contract` ON `contract_files` (`contract_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `contract_files_upload` ON `contract_files` (`upload_name`);--> statement-breakpoint
CREATE UNIQUE INDEX `contract_files_original` ON `contract_files` (`contract_id`) WHERE kind = 'original';--> statement-breakpoint
CREATE TABLE `contract_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`contract_id` integer NOT NULL,
	`device_id` integer,
	`model_id` integer,
	`count` integer DEFAULT 1 NOT NULL,
	`business_model` integer NOT NULL,
	`day_cents` integer,
	`month_cents` integer,
	`amount_cents` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contract_lines_contract` ON `contract_lines` (`contract_id`);--> statement-breakpoint
CREATE INDEX `contract_lines_device` ON `contract_lines` (`device_id`);--> statement-breakpoint
CREATE TABLE `contract_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`contract_id` integer NOT NULL,
	`created_by` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contract_links_contract` ON `contract_links` (`contract_id`);--> statement-breakpoint
CREATE TABLE `contracts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`lessor_org_id` integer NOT NULL,
	`renter_org_id` integer NOT NULL,
	`store_id` integer NOT NULL,
	`salesperson_id` integer,
	`created_by` integer NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`start_on` text NOT NULL,
	`end_on` text NOT NULL,
	`site_province` text DEFAULT '' NOT NULL,
	`site_city` text DEFAULT '' NOT NULL,
	`site_district` text DEFAULT '' NOT NULL,
	`site_address` text DEFAULT '' NOT NULL,
	`deposit_cents` integer DEFAULT 0 NOT NULL,
	`billing_day` integer DEFAULT 1 NOT NULL,
	`due_days` integer DEFAULT 15 NOT NULL,
	`remark` text DEFAULT '' NOT NULL,
	`total_cents` integer DEFAULT 0 NOT NULL,
	`lang` text DEFAULT 'zh' NOT NULL,
	`template_id` integer,
	`approval_rule_id` integer,
	`ended_on` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contracts_lessor_number` ON `contracts` (`lessor_org_id`,`number`);--> statement-breakpoint
CREATE INDEX `contracts_lessor_status` ON `contracts` (`lessor_org_id`,`status`);--> statement-breakpoint
CREATE INDEX `contracts_renter` ON `contracts` (`renter_org_id`);--> statement-breakpoint
CREATE INDEX `contracts_store` ON `contracts` (`store_id`);--> statement-breakpoint
CREATE INDEX `contracts_salesperson` ON `contracts` (`salesperson_id`);--> statement-breakpoint
CREATE INDEX `contracts_start` ON `contracts` (`start_on`);--> statement-breakpoint
CREATE TABLE `renters` (
	`org_id` integer PRIMARY KEY NOT NULL,
	`lessor_org_id` integer NOT NULL,
	`identity_type` integer NOT NULL,
	`id_number` text DEFAULT '' NOT NULL,
	`real_name_state` text DEFAULT 'none' NOT NULL,
	`arrears_cents` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `renters_lessor` ON `renters` (`lessor_org_id`);--> statement-breakpoint
CREATE TABLE `store_devices` (
	`device_id` integer PRIMARY KEY NOT NULL,
	`store_id` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `store_devices_store` ON `store_devices` (`store_id`);--> statement-breakpoint
CREATE TABLE `stores` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`org_id` integer NOT NULL,
	`name` text NOT NULL,
	`province` text DEFAULT '' NOT NULL,
	`city` text DEFAULT '' NOT NULL,
	`district` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`lat` real,
	`lng` real,
	`manager_id` integer,
	`area_code` text DEFAULT '86' NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stores_org_name` ON `stores` (`org_id`,`name`);