import { Link } from "react-router";

/** Any unknown route under /admin (SPEC §2, §8). */
export function NotFoundPage() {
  return (
    <section className="not-found">
      <h1>Not Found!</h1>
      <p>
        <Link to="/admin">Back to the dashboard</Link>
      </p>
    </section>
  );
}
