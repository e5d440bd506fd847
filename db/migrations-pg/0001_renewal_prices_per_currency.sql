DROP INDEX "renewal_prices_kind_months";--> statement-breakpoint
ALTER TABLE "renewal_orders" ADD COLUMN "currency" text DEFAULT 'CNY' NOT NULL;--> statement-breakpoint
ALTER TABLE "renewal_prices" ADD COLUMN "currency" text DEFAULT 'CNY' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "renewal_prices_currency_kind_months" ON "renewal_prices" USING btree ("currency","kind","months");