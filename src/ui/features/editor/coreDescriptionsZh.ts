/**
 * The Chinese of the words the core's handler-output contract describes its members with (its zod
 * `describe`s, English only: the library speaks one language). The editor's hovers show each beside its English,
 * as the chapter's own tools are described (src/chapter/tools.ts); handlerSchemas.test.ts holds every description the
 * core gives to an entry here, so a new one cannot reach the Chinese page untranslated.
 */
export const CORE_DESCRIPTIONS_ZH: Readonly<Record<string, string>> = {
  'Downstream request reference. Audit only.': '下游请求引用，仅进入审计。',
  'Internal receipt: audit only, never shown to the model.': '内部回执：仅进入审计，绝不给模型。',
  'Reference for a later status query. Audit only.': '供后续状态查询的引用，仅进入审计。',
  'Opaque downstream references, recorded in protected_audit only.': '下游不透明引用，只记录在 protected_audit。',
  'When the data was observed, UTC RFC 3339 with Z.': '观察到数据的时间，UTC RFC 3339，以 Z 结尾。',
  'The handler says it succeeded; the dispatcher still checks everything.': 'handler 声称成功；dispatcher 仍逐项校验。',
  'Version of the external resource, for freshness and concurrency.': '外部资源版本。',
  'The handler itself cut the list short.': 'handler 自行截断了列表。',
  'A code from the fixed error catalog; everything else comes from the catalog.':
    '固定错误目录中的代码；其余字段都来自目录。',
  'Only for RATE_LIMIT and TIMEOUT_BEFORE_EXECUTE: 100–600000.': '仅用于 RATE_LIMIT 与 TIMEOUT_BEFORE_EXECUTE。',
  'Internal detail (a stack trace): redacted, never shown to the model.': '内部细节：被脱敏，绝不给模型。',
  'Tenant of the caller. Never shown to the model.': '调用方租户，绝不出现在模型可见结果中。',
  'Subject (user) of the caller. Never shown to the model.': '调用主体，绝不出现在模型可见结果中。',
  "Must equal the registry's source label.": '必须等于注册表中的来源标签。',
  "Must equal the registry's producer revision.": '必须等于注册表中的生产者版本。',
};
