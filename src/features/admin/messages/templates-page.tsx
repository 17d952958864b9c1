import { Link } from 'wouter';
import type { ChannelPreview, TemplatePreview } from '../../../../contract/admin/messages.ts';
import { messageChannelLabels } from '../../../../contract/message-labels.ts';
import { fetchMessageTemplates } from '../../../lib/admin/messages.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { ResourceView } from '../../../ui/status.tsx';
import { ListHead } from '../parts/list-parts.tsx';

/** A channel's fields as the page names them; a field not named here is shown by its own name. */
const fieldLabels: Record<string, string> = {
  subject: 'Subject',
  text: 'Plain text',
  html: 'HTML',
  name: 'Template name',
  language: 'Language',
  body: 'Body as registered',
  parameters: 'Parameters',
};

/**
 * One field of a channel's rendering, whatever the channel: an HTML document sandboxed (no
 * scripts, no same origin), a text of several lines as it is, a list as a numbered list.
 */
function Field({ name, value, title }: { name: string; value: unknown; title: string }) {
  if (typeof value === 'string' && name === 'html')
    return <iframe className="bo-template__html" title={title} sandbox="" srcDoc={value} />;
  if (typeof value === 'string' && value.includes('\n')) return <pre className="bo-template__text">{value}</pre>;
  if (Array.isArray(value))
    return (
      <ol className="bo-template__list">
        {value.map((item, i) => (
          <li key={i}>{String(item)}</li>
        ))}
      </ol>
    );
  return <>{String(value)}</>;
}

function ChannelView({ template, channel }: { template: TemplatePreview; channel: ChannelPreview }) {
  const channelLabel = messageChannelLabels[channel.channel];
  return (
    <div className="bo-template__channel">
      <h3>{channelLabel}</h3>
      <dl className="bo-template__fields">
        {Object.entries(channel)
          .filter(([name]) => name !== 'channel')
          .map(([name, value]) => (
            <div key={name}>
              <dt>{fieldLabels[name] ?? name}</dt>
              <dd>
                <Field
                  name={name}
                  value={value}
                  title={`${template.label}: ${channelLabel} ${fieldLabels[name] ?? name}`}
                />
              </dd>
            </div>
          ))}
      </dl>
    </div>
  );
}

/**
 * Every message the shop sends, with sample facts, in every channel (docs/product-rules.md,
 * Messages to customers): what a customer would read, for staff to check the words.
 */
export function TemplatesPage() {
  const templates = useResource(fetchMessageTemplates);
  return (
    <>
      <ListHead title="Message templates" sub="Every message the shop sends, shown with sample details.">
        <Link href="/admin/messages" className="button">
          Back to the messages
        </Link>
      </ListHead>
      <ResourceView resource={templates} loadingLabel="Loading the templates..." reserve="420px">
        {(list) => (
          <>
            {list.map((template) => (
              <section
                key={template.template}
                className="bo-panel bo-template"
                aria-labelledby={`template-${template.template}`}
              >
                <h2 id={`template-${template.template}`}>{template.label}</h2>
                <p className="bo-muted">{template.template}</p>
                {template.channels.map((channel) => (
                  <ChannelView key={channel.channel} template={template} channel={channel} />
                ))}
              </section>
            ))}
          </>
        )}
      </ResourceView>
    </>
  );
}
