-- Opening balances (decision 036, addendum): a bill may have no contract, and carries a note. drizzle-kit's
-- rebuild copied the new column from the old table too; the copy leaves it to its default.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_bills` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`lessor_org_id` integer NOT NULL,
	`renter_org_id` integer NOT NULL,
	`contract_id` integer,
	`kind` text NOT NULL,
	`period_start` text NOT NULL,
	`period_end` text NOT NULL,
	`issued_on` text NOT NULL,
	`due_on` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`paid_cents` integer DEFAULT 0 NOT NULL,
	`state` text DEFAULT 'open' NOT NULL,
	`voided_at` integer,
	`voided_by` integer,
	`void_reason` text,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_bills`("id", "number", "lessor_org_id", "renter_org_id", "contract_id", "kind", "period_start", "period_end", "issued_on", "due_on", "amount_cents", "paid_cents", "state", "voided_at", "voided_by", "void_reason", "created_at") SELECT "id", "number", "lessor_org_id", "renter_org_id", "contract_id", "kind", "period_start", "period_end", "issued_on", "due_on", "amount_cents", "paid_cents", "state", "voided_at", "voided_by", "void_reason", "created_at" FROM `bills`;--> statement-breakpoint
DROP TABLE `bills`;--> statement-breakpoint
ALTER TABLE `__new_bills` RENAME TO `bills`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `bills_lessor` ON `bills` (`lessor_org_id`,`issued_on`);--> statement-breakpoint
CREATE INDEX `bills_renter` ON `bills` (`renter_org_id`,`lessor_org_id`,`state`,`due_on`);--> statement-breakpoint
CREATE INDEX `bills_contract` ON `bills` (`contract_id`,`period_end`);