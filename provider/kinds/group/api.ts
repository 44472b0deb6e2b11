/** An organization group as the API sends it, and its create and update bodies. */
import { z } from "zod";
import { nullableString } from "../../transport/zod-shapes";
import type { components as ControlPlane } from "../../client/wire/controlplane";

export const groupSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: nullableString,
});
export type Group = z.infer<typeof groupSchema>;

export type GroupCreate = ControlPlane["schemas"]["GroupCreate"];
export type GroupUpdate = ControlPlane["schemas"]["GroupUpdate"];
