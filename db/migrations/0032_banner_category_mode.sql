ALTER TABLE `banners` ADD `category` text DEFAULT 'home' NOT NULL;--> statement-breakpoint
ALTER TABLE `banners` ADD `mode` text DEFAULT 'app' NOT NULL;--> statement-breakpoint
UPDATE `banners` SET `mode` = 'h5' WHERE `link` LIKE 'https://%';--> statement-breakpoint
UPDATE `banners` SET `link` = '/' WHERE `link` = '';
