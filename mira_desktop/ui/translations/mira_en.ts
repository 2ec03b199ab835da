<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>agent</name>
    <message numerus="yes">
        <source>%Ln agent run(s) wait for your approval: {links}</source>
        <comment>agent.waiting_banner</comment>
        <translation>
            <numerusform>%Ln agent run waits for your approval: {links}</numerusform>
            <numerusform>%Ln agent runs wait for your approval: {links}</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>attachment</name>
    <message numerus="yes">
        <source>%Ln tokens</source>
        <comment>attachment.tokens</comment>
        <translation>
            <numerusform>%Ln token</numerusform>
            <numerusform>%Ln tokens</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln pages</source>
        <comment>attachment.pages</comment>
        <translation>
            <numerusform>%Ln page</numerusform>
            <numerusform>%Ln pages</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>backup</name>
    <message numerus="yes">
        <source>Saved {path}: %Ln file(s), {size}. Keep it somewhere else than this computer; API keys of remote providers are not in it. `mira backup restore` restores it into a new folder.</source>
        <comment>backup.saved_detail</comment>
        <translation>
            <numerusform>Saved {path}: %Ln file, {size}. Keep it somewhere else than this computer; API keys of remote providers are not in it. `mira backup restore` restores it into a new folder.</numerusform>
            <numerusform>Saved {path}: %Ln files, {size}. Keep it somewhere else than this computer; API keys of remote providers are not in it. `mira backup restore` restores it into a new folder.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>chat</name>
    <message numerus="yes">
        <source>Show %Ln earlier messages</source>
        <comment>chat.show_earlier_n</comment>
        <translation>
            <numerusform>Show %Ln earlier message</numerusform>
            <numerusform>Show %Ln earlier messages</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>getmodels</name>
    <message numerus="yes">
        <source>%Ln repositories found</source>
        <comment>getmodels.results</comment>
        <translation>
            <numerusform>%Ln repository found</numerusform>
            <numerusform>%Ln repositories found</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kb</name>
    <message numerus="yes">
        <source>%Ln queries: {metrics}</source>
        <comment>kb.evaluated</comment>
        <translation>
            <numerusform>%Ln query: {metrics}</numerusform>
            <numerusform>%Ln queries: {metrics}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Indexing is done; %Ln document(s) could not be indexed: see the Error column.</source>
        <comment>kb.idle_failed</comment>
        <translation>
            <numerusform>Indexing is done; %Ln document could not be indexed: see the Error column.</numerusform>
            <numerusform>Indexing is done; %Ln documents could not be indexed: see the Error column.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Indexing: {done} of %Ln jobs finished</source>
        <comment>kb.indexing</comment>
        <translation>
            <numerusform>Indexing: {done} of %Ln job finished</numerusform>
            <numerusform>Indexing: {done} of %Ln jobs finished</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Queued %Ln document(s).</source>
        <comment>kb.queued</comment>
        <translation>
            <numerusform>Queued %Ln document.</numerusform>
            <numerusform>Queued %Ln documents.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln document(s)</source>
        <comment>kb.documents_n</comment>
        <translation>
            <numerusform>%Ln document</numerusform>
            <numerusform>%Ln documents</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln chunk(s)</source>
        <comment>kb.chunks_n</comment>
        <translation>
            <numerusform>%Ln chunk</numerusform>
            <numerusform>%Ln chunks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln thread(s)</source>
        <comment>kb.threads_n</comment>
        <translation>
            <numerusform>%Ln thread</numerusform>
            <numerusform>%Ln threads</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln message(s)</source>
        <comment>kb.messages_n</comment>
        <translation>
            <numerusform>%Ln message</numerusform>
            <numerusform>%Ln messages</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>message</name>
    <message numerus="yes">
        <source>%Ln sentence(s) of this answer are not found in the sources shown.</source>
        <comment>message.unsupported</comment>
        <translation>
            <numerusform>%Ln sentence of this answer is not found in the sources shown.</numerusform>
            <numerusform>%Ln sentences of this answer are not found in the sources shown.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Mira tied %Ln sentence(s) to their sources: the model did not cite them.</source>
        <comment>message.cited_by_mira</comment>
        <translation>
            <numerusform>Mira tied %Ln sentence to its source: the model did not cite it.</numerusform>
            <numerusform>Mira tied %Ln sentences to their sources: the model did not cite them.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>models</name>
    <message numerus="yes">
        <source>%Ln model(s) not added yet:</source>
        <comment>models.found</comment>
        <translation>
            <numerusform>%Ln model not added yet:</numerusform>
            <numerusform>%Ln models not added yet:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>roles</name>
    <message numerus="yes">
        <source>Moved {name} to the trash; %Ln thread(s) keep their messages and get the role back if you restore it.</source>
        <comment>roles.deleted</comment>
        <translation>
            <numerusform>Moved {name} to the trash; %Ln thread keeps its messages and gets the role back if you restore it.</numerusform>
            <numerusform>Moved {name} to the trash; %Ln threads keep their messages and get the role back if you restore it.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>tools</name>
    <message numerus="yes">
        <source>{name} works: %Ln tool(s) in {seconds} s.</source>
        <comment>tools.tested</comment>
        <translation>
            <numerusform>{name} works: %Ln tool in {seconds} s.</numerusform>
            <numerusform>{name} works: %Ln tools in {seconds} s.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Added %Ln server(s): {names}.</source>
        <comment>tools.imported</comment>
        <translation>
            <numerusform>Added %Ln server: {names}.</numerusform>
            <numerusform>Added %Ln servers: {names}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>exit code {code}, %Ln line(s) of output</source>
        <comment>tools.trace.exit</comment>
        <translation>
            <numerusform>exit code {code}, %Ln line of output</numerusform>
            <numerusform>exit code {code}, %Ln lines of output</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>trash</name>
    <message numerus="yes">
        <source>Deleted items stay here for %Ln day(s), then Mira deletes them for good when it starts. Restoring brings back what they were bound to where that still makes sense.</source>
        <comment>trash.hint</comment>
        <translation>
            <numerusform>Deleted items stay here for %Ln day, then Mira deletes them for good when it starts. Restoring brings back what they were bound to where that still makes sense.</numerusform>
            <numerusform>Deleted items stay here for %Ln days, then Mira deletes them for good when it starts. Restoring brings back what they were bound to where that still makes sense.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete %Ln item(s) for good? This cannot be undone.</source>
        <comment>trash.purge_confirm</comment>
        <translation>
            <numerusform>Delete %Ln item for good? This cannot be undone.</numerusform>
            <numerusform>Delete %Ln items for good? This cannot be undone.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Delete all %Ln item(s) in the trash for good? This cannot be undone.</source>
        <comment>trash.empty_confirm</comment>
        <translation>
            <numerusform>Delete the %Ln item in the trash for good? This cannot be undone.</numerusform>
            <numerusform>Delete all %Ln items in the trash for good? This cannot be undone.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>win</name>
    <message numerus="yes">
        <source>Indexing %Ln document(s) again.</source>
        <comment>win.kb_reindex_queued</comment>
        <translation>
            <numerusform>Indexing %Ln document again.</numerusform>
            <numerusform>Indexing %Ln documents again.</numerusform>
        </translation>
    </message>
</context>
</TS>
