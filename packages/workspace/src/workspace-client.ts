/** How a workspace is named where limits count clients (a client's address never starts so). */
export const WORKSPACE_CLIENT = 'workspace:';

/** The client a workspace's requests are counted as, whatever address they come from. */
export function workspaceClient(workspaceId: string): string {
  return `${WORKSPACE_CLIENT}${workspaceId}`;
}
