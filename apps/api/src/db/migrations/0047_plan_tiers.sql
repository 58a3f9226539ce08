CREATE UNIQUE INDEX "subscriptions_type_index_key" ON "subscriptions" USING btree ("type","index");
