/** A Redpanda role as the data-plane API sends it (its members: role-assignment.ts). */
import { z } from "zod";

export const roleSchema = z.object({ name: z.string() });
export type Role = z.infer<typeof roleSchema>;
