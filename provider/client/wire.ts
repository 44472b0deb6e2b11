/**
 * The request bodies the client sends, named from the vendor's OpenAPI (generated into wire/ by
 * scripts/codegen/wire.mjs). A misspelled or missing wire key does not compile.
 */
import type { components as ControlPlane } from "./wire/controlplane";
import type { components as DataPlane } from "./wire/dataplane";

type Cp = ControlPlane["schemas"];
type Dp = DataPlane["schemas"];

export type NetworkCreate = Cp["NetworkCreate"];
export type ClusterCreate = Cp["ClusterCreate"];
/** The id travels in the path; the body holds only the changed fields. */
export type ClusterUpdate = Omit<Cp["ClusterUpdate"], "id">;
export type ServerlessClusterCreate = Cp["ServerlessClusterCreate"];
export type ServerlessClusterUpdate = Omit<Cp["ServerlessClusterUpdate"], "id">;
export type RoleBindingCreate = Cp["RoleBindingCreate"];
export type UserCreate = Dp["CreateUserRequest.User"];
export type TopicCreate = Dp["CreateTopicRequest.Topic"];
export type AclCreate = Dp["CreateACLRequest"];
export type PipelineCreate = Dp["PipelineCreate"];
export type PipelineUpdate = Dp["PipelineUpdate"];
