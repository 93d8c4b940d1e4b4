// Form feedback: errors are announced (role=alert), successes politely (role=status).
export function Messages({ error, notice }: { error: string; notice: string }) {
  return (
    <>
      {error ? (
        <p className="console-error" role="alert">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className="console-notice" role="status">
          {notice}
        </p>
      ) : null}
    </>
  );
}
