/** Group: an organization user group; name and description update in place. */
import * as z from "zod";
import type { Group as ApiGroup, GroupCreate } from "./api";
import { declareKind } from "../../declare/declare";
import type { InputsOf } from "../../declare/declare";
import { adoptId } from "../../declare/fields";

export const groupKind = declareKind({
  type: "Group",
  section: "organization access",
  order: 3,
  doc: "An organization user group; `RoleBinding.accountId` may name it to grant its members a role.",
  fields: {
    name: {
      schema: z.string().min(1),
      change: "update",
      doc: "Name, unique in the organization",
    },
    description: {
      schema: z.string().default(""),
      change: "update",
      doc: "Description",
    },
    adoptId: adoptId("Id of an existing group to manage instead of creating one"),
  },
  outputs: {
    name: { schema: z.string(), doc: "The group's name." },
    description: { schema: z.string(), doc: "The group's description." },
  },
});

export type GroupInputs = InputsOf<typeof groupKind.fields>;
export type GroupOutputs = GroupInputs & { id: string };

export function toApi(i: GroupInputs): GroupCreate {
  return { name: i.name, description: i.description };
}

export function fromApi(g: ApiGroup, props: GroupOutputs): GroupOutputs {
  return { ...props, id: g.id, name: g.name, description: g.description };
}
