// Placeholder: the admin issue replaces this with the guarded admin tree.
export function AdminRoot() {
  return <p>Admin</p>;
}
