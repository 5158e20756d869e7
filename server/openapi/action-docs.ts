import { actionInputSchema, type ResourceDefinition } from '../../resources/schema';
import { bearer, jsonResponse, problemResponses } from './problem';
import { jsonSchemaOf } from './resource-docs';

/** Route schema of `POST .../{id}/actions/{action}`: documentation for /docs, never validation. */
export function actionDocs(def: ResourceDefinition, record: Record<string, unknown>) {
  const actions = Object.entries(def.actions ?? {});
  const rows = actions.map(
    ([name, a]) =>
      `| ${name} | ${a.from.join(', ')} | ${a.to} | ${a.roles.join(', ')} | ${Object.keys(a.input ?? {}).join(', ')} |`,
  );
  return {
    tags: [def.name],
    summary: `Run a lifecycle action`,
    description: [
      "Send the `version` you read and the action's input. 404 for an unknown action, 403 when your role may not",
      'run it, 409 when the record is not in a state the action starts from or the version is stale.',
      '',
      '| action | from | to | roles | input |',
      '| --- | --- | --- | --- | --- |',
      ...rows,
    ].join('\n'),
    security: bearer,
    params: {
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid', description: 'Record id' },
        action: { type: 'string', enum: actions.map(([name]) => name) },
      },
      required: ['id', 'action'],
    },
    body: {
      oneOf: actions.map(([name, a]) => ({ title: name, ...jsonSchemaOf(actionInputSchema(a.input)) })),
    },
    response: {
      200: jsonResponse('The record after the action.', {
        type: 'object',
        properties: { data: record },
        required: ['data'],
      }),
      ...problemResponses(400, 401, 403, 404, 409, 413, 415),
    },
  };
}
