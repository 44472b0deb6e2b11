/** A data-plane SASL user: what a list sends back, and the create body. */
import { z } from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { components as DataPlane } from "../../client/wire/dataplane";

export const dpUserSchema = z.object({ name: z.string(), mechanism: nullableString });
export type DpUser = z.infer<typeof dpUserSchema>;

export type UserCreate = DataPlane["schemas"]["CreateUserRequest.User"];
