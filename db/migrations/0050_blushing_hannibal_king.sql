DROP INDEX `devices_kind`;--> statement-breakpoint
CREATE INDEX `devices_kind_online_report` ON `devices` (`kind`,`online`,`last_report_at`,`id`,`org_id`,`customer_org_id`,`distributor_org_id`);