import "server-only";

import { z } from "zod";

import { getDb, type Executor } from "~/infra/db.server";
import { inTransaction } from "~/infra/events.server";
import { forbidden, notFound } from "~/lib/errors";
import { CANNOT_BLOCK_YOURSELF, REQUEST_ENDED_BY_BLOCK } from "~/lib/trust-safety-texts";
import { deleteBlock, hasBlocked, insertBlock, isBlockedBetween, listBlockedUsers, type BlockedUser } from "~/models/block.server";
import { getUserById, type User } from "~/models/user.server";
import { endRequestsIn } from "~/operations/requests.server";

/** POST and DELETE /api/blocks' body, and the block forms' field. */
export const blockInput = z.object({ userId: z.uuid({ error: "userId must be a user id" }) });
export type BlockInput = z.infer<typeof blockInput>;

/** The page forms: block or unblock, and where to go back to. */
export const blockForm = blockInput.extend({ intent: z.enum(["block", "unblock"], { error: "intent must be block or unblock" }) });

/** Blocks a user (404 for no such user, 403 for oneself); blocking twice is no error. */
export async function blockUser(actor: Pick<User, "id">, input: BlockInput): Promise<{ userId: string; blocked: true }> {
  return blockUserIn(await getDb(), actor.id, input);
}

/**
 * The block, and in the same transaction the open requests between the two end (the blocked person could otherwise
 * still accept one, or keep waiting on one): ended by the blocker, the other party told in words that do not say
 * who blocked whom. Accepted bookings go on: both keep seeing them.
 */
export async function blockUserIn(db: Executor, blockerId: string, input: BlockInput): Promise<{ userId: string; blocked: true }> {
  if (input.userId === blockerId) throw forbidden(CANNOT_BLOCK_YOURSELF);
  if (!(await getUserById(db, input.userId))) throw notFound("User not found");
  await inTransaction(db, async (tx) => {
    await insertBlock(tx, blockerId, input.userId);
    await endRequestsIn(tx, { party: blockerId, other: input.userId }, blockerId, REQUEST_ENDED_BY_BLOCK);
  });
  return { userId: input.userId, blocked: true };
}

/** Unblocks a user; unblocking one who is not blocked is no error. Whether there was a block. */
export async function unblockUser(actor: Pick<User, "id">, input: BlockInput): Promise<{ removed: boolean }> {
  return { removed: await deleteBlock(await getDb(), actor.id, input.userId) };
}

/** The block and unblock forms: one or the other. */
export async function setBlocked(actor: Pick<User, "id">, input: z.infer<typeof blockForm>): Promise<void> {
  if (input.intent === "block") await blockUser(actor, input);
  else await unblockUser(actor, input);
}

/** The users the actor blocked (the profile's "Blocked users"), newest first. */
export async function blockedUsers(actor: Pick<User, "id">): Promise<BlockedUser[]> {
  return listBlockedUsers(await getDb(), actor.id);
}

/** Whether the actor blocked this user (the profile's button), and whether messages between them are closed either way. */
export async function blockStanding(actor: Pick<User, "id">, otherId: string): Promise<{ blockedByMe: boolean; closed: boolean }> {
  const db = await getDb();
  const [blockedByMe, closed] = await Promise.all([hasBlocked(db, actor.id, otherId), isBlockedBetween(db, actor.id, otherId)]);
  return { blockedByMe, closed };
}
