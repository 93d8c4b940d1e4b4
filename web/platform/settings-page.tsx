// Platform settings: what a host of no journal gets — the default journal, or a neutral "no journal here" 404.
import { useEffect, useState } from "react";
import type { JournalSummary, PlatformSettingsAnswer, UnknownHostChoice } from "#contract/platform";
import { consoleApi } from "./console-api";
import { useAction } from "./use-action";
import { Messages } from "./messages";
import { apiCall } from "#contract/routes/endpoint";
import { platformApi } from "#contract/routes/platform";

export function SettingsPage() {
  const [settings, setSettings] = useState<PlatformSettingsAnswer | null>(null);
  const [journals, setJournals] = useState<JournalSummary[]>([]);
  const act = useAction();
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once when the page opens
  useEffect(
    () =>
      void act.run(async () => {
        setSettings(await consoleApi<PlatformSettingsAnswer>(apiCall(platformApi.settings)));
        setJournals((await consoleApi<{ journals: JournalSummary[] }>(apiCall(platformApi.journals))).journals);
      }),
    [],
  );
  if (!settings) return <Messages error={act.error} notice="" />;
  return (
    <section>
      <h1>Platform settings</h1>
      <form
        className="console-form"
        onSubmit={(e) => {
          e.preventDefault();
          void act.run(async () => {
            setSettings(await consoleApi<PlatformSettingsAnswer>(apiCall(platformApi.saveSettings), settings));
            return "Settings saved";
          });
        }}
      >
        <label>
          A host that belongs to no journal gets
          <select
            name="unknownHost"
            value={settings.unknownHost}
            onChange={(e) => setSettings({ ...settings, unknownHost: e.currentTarget.value as UnknownHostChoice })}
          >
            <option value="default">the default journal</option>
            <option value="not_found">a neutral "No journal here" page (404)</option>
          </select>
        </label>
        <label>
          Default journal
          <select
            name="defaultJournalId"
            value={settings.defaultJournalId ?? ""}
            onChange={(e) => setSettings({ ...settings, defaultJournalId: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
          >
            <option value="">(none)</option>
            {journals.map((j) => (
              <option key={j.id} value={j.id}>
                {j.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={act.busy}>
          Save settings
        </button>
        <Messages error={act.error} notice={act.notice} />
      </form>
    </section>
  );
}
