-- Decision 0097: the thread and its last message read in index order (id breaks ties of created_at), and the
-- conversations' unread counts per booking from the receiver's unread index.
DROP INDEX "messages_booking_created_idx";--> statement-breakpoint
DROP INDEX "messages_receiver_unread_idx";--> statement-breakpoint
CREATE INDEX "messages_booking_created_idx" ON "messages" USING btree ("booking_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_receiver_unread_idx" ON "messages" USING btree ("receiver_id","booking_id") WHERE "messages"."is_read" = false;