// A page of an area the account's role cannot use says so before its form opens (issue 48 item 9): the route's
// loader refuses first, as the server would (forbidden_role), and the page's LoadError shows ROLE_MESSAGES'
// sentence in its place — never an editable form that fails on Save. The server still decides every write.
import type { LoaderFunctionArgs } from "react-router";
import { mayUse, type AdminArea } from "#contract/roles";
import { readSession } from "../lib/session";
import { ApiError } from "./admin-api";

interface LazyRoute {
  loader?: (args: LoaderFunctionArgs) => unknown;
}

export function forArea<R extends object>(area: AdminArea, load: () => Promise<R>): () => Promise<R & LazyRoute> {
  return async () => {
    const route: R & LazyRoute = await load();
    return {
      ...route,
      loader: (args: LoaderFunctionArgs) => {
        const role = readSession()?.user.role;
        // No session: the page's own loader sends the browser to the sign-in page.
        if (role !== undefined && !mayUse(role, area)) throw new ApiError(403, "forbidden_role");
        return route.loader ? route.loader(args) : null;
      },
    };
  };
}
