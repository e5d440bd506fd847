-- Money is integer cents end to end (decision 038): the amounts kept as yuan (a real) or as fen become cents. Hand-
-- written: the new columns are filled from the old ones before those go. A NOT NULL column added to a table with
-- rows needs a default; the schema declares none, so what the console writes always names the amount.
ALTER TABLE `device_expenses` RENAME COLUMN `amount_fen` TO `amount_cents`;--> statement-breakpoint
ALTER TABLE `accessories` ADD `value_cents` integer NOT NULL DEFAULT 0;--> statement-breakpoint
UPDATE `accessories` SET `value_cents` = CAST(round(`value` * 100) AS integer);--> statement-breakpoint
ALTER TABLE `accessories` DROP COLUMN `value`;--> statement-breakpoint
ALTER TABLE `purchase_infos` ADD `original_value_cents` integer NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE `purchase_infos` ADD `salvage_value_cents` integer NOT NULL DEFAULT 0;--> statement-breakpoint
UPDATE `purchase_infos` SET `original_value_cents` = CAST(round(`original_value` * 100) AS integer), `salvage_value_cents` = CAST(round(`salvage_value` * 100) AS integer);--> statement-breakpoint
ALTER TABLE `purchase_infos` DROP COLUMN `original_value`;--> statement-breakpoint
ALTER TABLE `purchase_infos` DROP COLUMN `salvage_value`;--> statement-breakpoint
ALTER TABLE `work_orders` ADD `payment_cents` integer;--> statement-breakpoint
UPDATE `work_orders` SET `payment_cents` = CAST(round(`payment_amount` * 100) AS integer) WHERE `payment_amount` IS NOT NULL;--> statement-breakpoint
ALTER TABLE `work_orders` DROP COLUMN `payment_amount`;
--> statement-breakpoint
UPDATE `work_order_events` SET `details` = json_set(json_remove(`details`, '$.amount'), '$.amountCents', CAST(round(json_extract(`details`, '$.amount') * 100) AS integer)) WHERE `action` = 'pay' AND json_extract(`details`, '$.amount') IS NOT NULL;
