package org.fsflow.report;

import freemarker.cache.ClassTemplateLoader;
import freemarker.cache.ConditionalTemplateConfigurationFactory;
import freemarker.cache.FileNameGlobMatcher;
import freemarker.cache.FileTemplateLoader;
import freemarker.cache.FirstMatchTemplateConfigurationFactory;
import freemarker.cache.MultiTemplateLoader;
import freemarker.cache.TemplateLoader;
import freemarker.core.HTMLOutputFormat;
import freemarker.core.TemplateClassResolver;
import freemarker.core.TemplateConfiguration;
import freemarker.template.Configuration;
import freemarker.template.DefaultObjectWrapperBuilder;
import freemarker.template.Template;
import freemarker.template.TemplateException;
import freemarker.template.TemplateExceptionHandler;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TimeZone;
import org.fsflow.result.ResultSet;
import org.fsflow.safety.AtomicFile;
import org.fsflow.summary.RunSummary;

/**
 * Renders a run's report model into its directory: {@code report.html} (self-contained),
 * {@code report.md} with its chart SVG files, and {@code results.csv}; the stages before it (the
 * stored results, their summary, the model) are the pipeline's ({@code Fsflow.report}). Same inputs, same bytes: nothing in a report
 * depends on the time, the locale or the machine that renders it.
 */
public final class ReportWriter {

    /** The file names written. */
    public static final String HTML = "report.html";
    /** Markdown report. */
    public static final String MARKDOWN = "report.md";

    private final Configuration freemarker;

    /** A writer using the built-in templates, or those of {@code templates} first when not null. */
    public ReportWriter(Path templates) {
        this.freemarker = configuration(templates);
    }

    /** Renders the report of {@code summary} into {@code dir} and returns the files written. */
    public List<Path> write(Path dir, RunSummary summary) {
        return write(dir, ReportModelBuilder.build(summary), summary.results());
    }

    /** Renders {@code model} into {@code dir}, with {@code results} (rows kept) as results.csv; returns the files written. */
    public List<Path> write(Path dir, ReportModel model, ResultSet results) {
        List<Path> written = pages(dir, model);
        written.add(csv(dir.resolve(ReportModelBuilder.CSV), results));
        return written;
    }

    /** Renders {@code model} into {@code dir}, with the rows {@code pass} read as results.csv; returns the files written. */
    public List<Path> write(Path dir, ReportModel model, JournalPass pass) {
        List<Path> written = pages(dir, model);
        written.add(pass.writeCsv());
        return written;
    }

    private List<Path> pages(Path dir, ReportModel model) {
        List<Path> written = new ArrayList<>();
        written.add(write(dir.resolve(HTML), render("report.html.ftl", model)));
        written.add(write(dir.resolve(MARKDOWN), render("report.md.ftl", model)));
        for (ReportModel.Dataset d : model.datasets()) {
            for (ReportModel.Chart c : d.charts()) {
                written.add(write(dir.resolve(c.file()), c.svg()));
            }
            for (ReportModel.Chart c : d.overTime()) {
                written.add(write(dir.resolve(c.file()), c.svg()));
            }
        }
        for (ReportModel.Bonnie b : model.bonnie()) {
            for (ReportModel.Chart c : b.charts()) {
                written.add(write(dir.resolve(c.file()), c.svg()));
            }
        }
        if (model.verdicts().present()) {
            written.add(write(
                    dir.resolve(model.verdicts().jsonFile()), model.verdicts().json()));
            if (!model.verdicts().forest().isEmpty()) {
                written.add(write(
                        dir.resolve(model.verdicts().forestFile()),
                        model.verdicts().forest()));
            }
        }
        return written;
    }

    /** Renders template {@code name} with {@code model} (a {@link ReportModel}, or another tool's model such as a comparison's). */
    public String render(String name, Object model) {
        try {
            Template t = freemarker.getTemplate(name);
            StringWriter out = new StringWriter();
            t.process(model, out);
            return out.toString();
        } catch (freemarker.core.ParseException e) {
            throw new TemplateFailure(e.getTemplateName() + ":" + e.getLineNumber() + ":" + e.getColumnNumber()
                    + ": error: " + firstLine(e.getEditorMessage()));
        } catch (freemarker.template.TemplateNotFoundException e) {
            throw new TemplateFailure("template " + e.getTemplateName() + " not found in the templates directory "
                    + "nor among the built-in ones");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot load template " + name, e);
        } catch (StackOverflowError e) {
            throw new TemplateFailure("template " + name + ": error: a macro, function or include calls itself "
                    + "without end; give it a condition that stops it");
        } catch (TemplateException e) {
            throw new TemplateFailure(e.getTemplateSourceName() + ":" + e.getLineNumber() + ":" + e.getColumnNumber()
                    + ": error: " + firstLine(e.getMessageWithoutStackTop()));
        }
    }

    private static String firstLine(String s) {
        return s == null ? "template error" : s.strip().lines().findFirst().orElse("template error");
    }

    // streamed to the file: a CSV of 10^6 rows never sits in memory as one string
    private static Path csv(Path file, ResultSet results) {
        try {
            AtomicFile.write(file, ch -> {
                java.io.Writer out = CsvWriter.utf8(ch);
                CsvWriter.write(results.measurements(), out);
                out.flush();
            });
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private static Path write(Path file, String text) {
        try {
            AtomicFile.writeString(file, text);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    private static Configuration configuration(Path templates) {
        Configuration cfg = new Configuration(Configuration.VERSION_2_3_34);
        try {
            TemplateLoader builtIn = new ClassTemplateLoader(ReportWriter.class, "/templates");
            cfg.setTemplateLoader(
                    templates == null
                            ? builtIn
                            : new MultiTemplateLoader(
                                    new TemplateLoader[] {new FileTemplateLoader(templates.toFile()), builtIn}));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read templates from " + templates, e);
        }
        TemplateConfiguration html = new TemplateConfiguration();
        html.setOutputFormat(HTMLOutputFormat.INSTANCE);
        TemplateConfiguration md = new TemplateConfiguration();
        md.setOutputFormat(MarkdownOutputFormat.INSTANCE);
        cfg.setTemplateConfigurations(new FirstMatchTemplateConfigurationFactory(
                        new ConditionalTemplateConfigurationFactory(new FileNameGlobMatcher("*.html.ftl"), html),
                        new ConditionalTemplateConfigurationFactory(new FileNameGlobMatcher("*.md.ftl"), md))
                .allowNoMatch(true));
        cfg.setAutoEscapingPolicy(Configuration.ENABLE_IF_DEFAULT_AUTO_ESCAPING_POLICY);
        // templates may lay data out, never reach into Java
        cfg.setNewBuiltinClassResolver(TemplateClassResolver.ALLOWS_NOTHING_RESOLVER);
        cfg.setAPIBuiltinEnabled(false);
        cfg.setLocale(Locale.ROOT);
        cfg.setTimeZone(TimeZone.getTimeZone("UTC"));
        cfg.setNumberFormat("computer");
        cfg.setDefaultEncoding("UTF-8");
        cfg.setOutputEncoding("UTF-8");
        cfg.setTemplateExceptionHandler(TemplateExceptionHandler.RETHROW_HANDLER);
        cfg.setLogTemplateExceptions(false);
        cfg.setWrapUncheckedExceptions(true);
        cfg.setFallbackOnNullLoopVariable(false);
        DefaultObjectWrapperBuilder wrapper = new DefaultObjectWrapperBuilder(Configuration.VERSION_2_3_34);
        wrapper.setExposeFields(false);
        cfg.setObjectWrapper(new VisibleObjectWrapper(wrapper));
        return cfg;
    }
}
