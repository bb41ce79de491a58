-- Decision 0097: the thread and its last message read in index order (id breaks ties of created_at), and the
-- conversations' unread counts per booking from the receiver's unread index. The new indexes are built first under
-- other names (a build blocks writes to messages, not reads); the old ones are dropped and the new renamed at the
-- end, so the lock that blocks reads too (DROP INDEX's) is taken only just before the migration commits.
CREATE INDEX "messages_booking_created_id_idx" ON "messages" USING btree ("booking_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_receiver_booking_unread_idx" ON "messages" USING btree ("receiver_id","booking_id") WHERE "messages"."is_read" = false;--> statement-breakpoint
DROP INDEX "messages_booking_created_idx";--> statement-breakpoint
DROP INDEX "messages_receiver_unread_idx";--> statement-breakpoint
ALTER INDEX "messages_booking_created_id_idx" RENAME TO "messages_booking_created_idx";--> statement-breakpoint
ALTER INDEX "messages_receiver_booking_unread_idx" RENAME TO "messages_receiver_unread_idx";
