ALTER TABLE `fault_cases` ADD `lang` text DEFAULT 'zh' NOT NULL;--> statement-breakpoint
-- Cases written before: those without a Chinese character in their title are English.
UPDATE `fault_cases` SET `lang` = 'en' WHERE `title` NOT GLOB '*[一-龥]*';
