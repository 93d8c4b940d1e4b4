// The ladder every admin page that shows loaded data climbs: loading, then an error (with Try again), then an
// empty state, then the content. Data already on screen stays there while it reloads, unless `stale` is false.
import type { ReactNode } from "react";
import { EmptyState, ErrorState, LoadingState } from "../admin-ui";
import type { Resource } from "../use-resource";

export function ResourceView<T>(props: {
  resource: Resource<T>;
  /** The loading state's text, or what to show instead (a skeleton). */
  loading: string | ReactNode;
  /** Shown for an error instead of "Something went wrong" + Try again; undefined keeps the default. */
  error?: (error: unknown) => ReactNode | undefined;
  isEmpty?: (data: T) => boolean;
  /** The empty state's title, or the whole view to show. */
  empty?: string | ReactNode;
  /** What the empty state says below its title. */
  emptyBody?: ReactNode;
  /** False: a reload shows the loading state instead of the older data. */
  stale?: boolean;
  children: (data: T) => ReactNode;
}) {
  const { resource, stale = true } = props;
  const data = resource.error && !stale ? undefined : resource.data;
  if (resource.loading && (data === undefined || !stale)) {
    return typeof props.loading === "string" ? <LoadingState label={props.loading} /> : props.loading;
  }
  if (resource.error && data === undefined) {
    const shown = props.error?.(resource.error);
    return shown === undefined ? <ErrorState onRetry={resource.reload} /> : shown;
  }
  if (data === undefined) return null;
  if (props.isEmpty?.(data)) {
    return typeof props.empty === "string" ? <EmptyState title={props.empty}>{props.emptyBody}</EmptyState> : props.empty;
  }
  return props.children(data);
}
