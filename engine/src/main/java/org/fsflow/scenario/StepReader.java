package org.fsflow.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.fsflow.lang.Hints;
import org.fsflow.lang.Location;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/** Reads {@code steps:}: built-in actions in their three forms, and commands. */
record StepReader(Fields f, Scalars v, BudgetReader memory) {

    static final List<String> STEP_KEYS = List.of(
            "name",
            "run",
            "fio",
            "workload",
            "with",
            "action",
            "device",
            "before",
            "after",
            "timeout",
            "on_error",
            "parse",
            "drop_caches",
            "remount",
            "flush",
            "memory",
            "verify");

    // the keys of verify: { dataset: NAME, path: COPY }
    private static final List<String> VERIFY_KEYS = List.of("dataset", "path");

    List<Step> steps(Node node) {
        List<Step> out = new ArrayList<>();
        if (!(node instanceof SequenceNode seq)) {
            f.error(node, "steps must be a list (one '- ' line per step), not " + Hints.describe(node));
            return out;
        }
        if (seq.getValue().isEmpty()) {
            f.error(node, "steps must list at least one step");
        }
        for (Node item : seq.getValue()) {
            Step s = step(item);
            if (s != null) {
                out.add(s);
            }
        }
        return out;
    }

    private Step step(Node node) {
        Location where = f.at(node);
        if (node instanceof ScalarNode) {
            String keyword = f.text(node, "a step");
            return keyword == null ? null : actionStep(keyword, node, Map.of(), where);
        }
        if (node instanceof MappingNode map
                && map.getValue().size() == 1
                && map.getValue().get(0).getKeyNode() instanceof ScalarNode k
                && !STEP_KEYS.contains(k.getValue())) {
            // one-key form: "- mkfs: { device: other }"
            Node body = map.getValue().get(0).getValueNode();
            Map<String, NodeTuple> e = body instanceof ScalarNode s && s.getTag() == Tag.NULL
                    ? Map.of()
                    : f.entries(
                            body,
                            "step '" + k.getValue() + "'",
                            List.of(
                                    "name",
                                    "device",
                                    "before",
                                    "after",
                                    "timeout",
                                    "on_error",
                                    "drop_caches",
                                    "remount",
                                    "flush",
                                    "memory"));
            return e == null ? null : actionStep(k.getValue(), k, e, where);
        }
        Map<String, NodeTuple> e = f.entries(node, "a step", STEP_KEYS);
        if (e != null && e.containsKey("workload")) {
            e = new WorkloadReader(f, v).expand(e);
        } else if (e != null && e.containsKey("with")) {
            f.error(e.get("with").getKeyNode(), "with: gives a workload's parameters: the step has no 'workload:'");
        }
        if (e == null) {
            return null;
        }
        Node n;
        if ((n = Fields.value(e, "action")) != null) {
            if (e.containsKey("run") || e.containsKey("fio")) {
                f.error(
                        n,
                        "a step has either '" + (e.containsKey("run") ? "run" : "fio") + ":' or 'action:', not both");
                return null;
            }
            if (e.containsKey("parse")) {
                f.error(Fields.value(e, "parse"), "parse applies to run: steps only");
            }
            if (e.containsKey("verify")) {
                f.error(Fields.value(e, "verify"), "verify applies to run: steps only (the step that copies)");
            }
            String keyword = f.text(n, "action");
            return keyword == null ? null : actionStep(keyword, n, e, where);
        }
        return runStep(node, e, where);
    }

    private Step runStep(Node node, Map<String, NodeTuple> e, Location where) {
        Node n;
        Node fio = Fields.value(e, "fio");
        if (!commandOf(node, e, fio)) {
            return null;
        }
        if (e.containsKey("device")) {
            f.error(
                    Fields.value(e, "device"),
                    "device applies to actions only: name the device in the command "
                            + "as ${name.mnt} or ${name.dev}");
        }
        String name =
                (n = Fields.value(e, "name")) == null ? null : v.name(n, "step name", Scalars.ID, Scalars.ID_RULE);
        if (n == null) {
            f.error(node, "a run: step needs a 'name:' (it names the step in results and reports)");
        }
        Command run = fio != null ? new FioStep(f).command(fio, name) : f.command(Fields.value(e, "run"), "run");
        Step common = common(e, null);
        Node parseNode = Fields.value(e, "parse");
        CustomParse custom =
                parseNode instanceof MappingNode ? new ParseReader(f, v).read(parseNode, e.containsKey("after")) : null;
        String parse = fio != null
                ? "fio"
                : parseNode == null
                        ? null
                        : parseNode instanceof MappingNode
                                ? custom == null ? null : custom.tool()
                                : v.choice(parseNode, "parse", ParserName.STEP_NAMES);
        Node verifyNode = Fields.value(e, "verify");
        NamedCopy named = verifyNode instanceof MappingNode ? namedCopy(verifyNode) : null;
        Command verify = named != null
                ? named.path()
                : verifyNode == null ? null : f.verifiedTree(verifyNode, Step.VERIFY_DEFAULT);
        Step.DatasetRef verifyDataset = named != null ? named.dataset() : null;
        return name == null || run == null || parseNode instanceof MappingNode && custom == null
                ? null
                : new Step(
                        name,
                        null,
                        null,
                        run,
                        common.before(),
                        common.after(),
                        common.timeout(),
                        common.onError(),
                        parse,
                        custom,
                        common.dropCaches(),
                        common.remount(),
                        common.flush(),
                        common.memory(),
                        verify,
                        verifyDataset,
                        where);
    }

    // run: or fio:, exactly one; false when neither or both
    private boolean commandOf(Node node, Map<String, NodeTuple> e, Node fio) {
        if (!e.containsKey("run") && fio == null) {
            f.error(
                    node,
                    "a step needs 'run:' (a command), 'fio:' (fio's job options) or an action ("
                            + String.join(", ", Step.Action.keywords()) + ")");
            return false;
        }
        if (fio != null && e.containsKey("run")) {
            f.error(fio, "a step has either 'run:' or 'fio:', not both");
            return false;
        }
        if (fio != null && e.containsKey("parse")) {
            f.error(Fields.value(e, "parse"), "a fio: step is parsed as fio's JSON already: leave parse: out");
        }
        return true;
    }

    // verify: { dataset: NAME, path: COPY }: the copy of a dataset named there
    private record NamedCopy(Command path, Step.DatasetRef dataset) {}

    // the dataset is checked against datasets: by the validator
    private NamedCopy namedCopy(Node verifyNode) {
        Map<String, NodeTuple> e = f.entries(verifyNode, "verify", VERIFY_KEYS);
        if (e == null) {
            return new NamedCopy(null, null);
        }
        f.require(e, verifyNode, "verify: { dataset: NAME, path: COPY }", VERIFY_KEYS.toArray(new String[0]));
        Node n = Fields.value(e, "dataset");
        String name = n == null ? null : v.name(n, "verify dataset", Scalars.ID, Scalars.ID_RULE);
        Step.DatasetRef dataset = name == null ? null : new Step.DatasetRef(name, f.at(n));
        Node path = Fields.value(e, "path");
        if (path instanceof ScalarNode s && s.getTag() == Tag.BOOL) {
            f.error(path, "verify path is where the copy is (a file or a tree), not " + s.getValue());
            return new NamedCopy(null, dataset);
        }
        return new NamedCopy(
                path == null ? null : f.copyPath(path, "verify path", "verify path is where the copy is, not empty"),
                dataset);
    }

    private Step actionStep(String keyword, Node keywordNode, Map<String, NodeTuple> e, Location where) {
        Step.Action action = Step.Action.of(keyword);
        if (action == null) {
            f.error(
                    keywordNode,
                    "unknown action '" + keyword + "'"
                            + Hints.didYouMean(keyword, Step.Action.keywords())
                                    .replace(": expected one of", ": actions are")
                            + "; a command needs a mapping with name: and run:");
            return null;
        }
        Node n;
        String name =
                (n = Fields.value(e, "name")) == null ? keyword : v.name(n, "step name", Scalars.ID, Scalars.ID_RULE);
        String device = (n = Fields.value(e, "device")) == null
                ? Defaults.ACTION_DEVICE
                : v.name(n, "device", Scalars.VAR_ID, Scalars.VAR_ID_RULE);
        Step common = common(e, null);
        return name == null || device == null
                ? null
                : new Step(
                        name,
                        action,
                        device,
                        null,
                        common.before(),
                        common.after(),
                        common.timeout(),
                        common.onError(),
                        null,
                        null,
                        common.dropCaches(),
                        common.remount(),
                        common.flush(),
                        common.memory(),
                        null,
                        null,
                        where);
    }

    private Step common(Map<String, NodeTuple> e, String name) {
        Node n;
        Command before = (n = Fields.value(e, "before")) == null ? null : f.command(n, "before");
        Command after = (n = Fields.value(e, "after")) == null ? null : f.command(n, "after");
        Duration timeout = (n = Fields.value(e, "timeout")) == null ? null : v.duration(n, "timeout");
        Scenario.OnError onError = (n = Fields.value(e, "on_error")) == null ? null : v.onError(n);
        Boolean drop = (n = Fields.value(e, "drop_caches")) == null ? Boolean.FALSE : v.bool(n, "drop_caches");
        Boolean remount = (n = Fields.value(e, "remount")) == null ? Boolean.FALSE : v.bool(n, "remount");
        Boolean flush = (n = Fields.value(e, "flush")) == null ? Boolean.FALSE : v.bool(n, "flush");
        Long budget = (n = Fields.value(e, "memory")) == null ? null : memory.stepBudget(n);
        return new Step(
                name,
                null,
                null,
                null,
                before,
                after,
                timeout,
                onError,
                null,
                null,
                Boolean.TRUE.equals(drop),
                Boolean.TRUE.equals(remount),
                Boolean.TRUE.equals(flush),
                budget,
                null,
                null,
                null);
    }
}
