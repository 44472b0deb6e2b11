/**
 * A data-plane SASL user: what a list sends back, and the create body.
 * Its requests are functions taking the shared client (provider/transport/), called by spec.ts.
 */
import * as z from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { components as DataPlane } from "../../wire/dataplane-openapi";
import type { DataPlaneClient } from "../../transport/dataplane";
import { wrapped } from "../../transport/zod-shapes";

export const dpUserSchema = z.object({ name: z.string(), mechanism: nullableString });
export type DpUser = z.infer<typeof dpUserSchema>;

export type UserCreate = DataPlane["schemas"]["CreateUserRequest.User"];

/** A refresh's reads of many users share one list (ListCache in transport/dataplane.ts). */
const userList = (c: DataPlaneClient) =>
  c.listCache(
    "users",
    async (alone) =>
      new Map((await alone.listAll("/v1/users", "users", dpUserSchema)).map((u) => [u.name, u])),
  );

/** Exactly now, filtered by name: for a create's look-up of what an earlier run left. */
export async function findUser(c: DataPlaneClient, name: string): Promise<DpUser | undefined> {
  const users = await c.listAll("/v1/users", "users", dpUserSchema, { "filter.name": name });
  return users.find((u) => u.name === name);
}
/** For a refresh's read: from the shared list. */
export async function readUser(c: DataPlaneClient, name: string): Promise<DpUser | undefined> {
  return (await userList(c).get()).get(name);
}
export function createUser(c: DataPlaneClient, user: UserCreate): Promise<DpUser> {
  userList(c).invalidate();
  return c.transport.request({
    method: "POST",
    url: c.url("/v1/users"),
    body: user,
    idempotent: false,
    schema: wrapped("user", dpUserSchema),
  });
}
export function updateUser(
  c: DataPlaneClient,
  name: string,
  password: string,
  mechanism: string,
): Promise<DpUser> {
  userList(c).invalidate();
  return c.transport.request({
    method: "PUT",
    url: c.url(`/v1/users/${encodeURIComponent(name)}`),
    body: { password, mechanism },
    idempotent: true,
    schema: wrapped("user", dpUserSchema),
  });
}
export function deleteUser(c: DataPlaneClient, name: string): Promise<void> {
  userList(c).invalidate();
  return c.transport.request({
    method: "DELETE",
    url: c.url(`/v1/users/${encodeURIComponent(name)}`),
    idempotent: true,
  });
}

/** Every SASL user of the cluster, every page (discovery). */
export function listUsers(c: DataPlaneClient): Promise<DpUser[]> {
  return c.listAll("/v1/users", "users", dpUserSchema);
}
