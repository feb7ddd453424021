package org.fsflow.report;

import freemarker.template.DefaultObjectWrapper;
import freemarker.template.DefaultObjectWrapperBuilder;
import freemarker.template.TemplateModel;
import freemarker.template.TemplateModelException;
import org.fsflow.safety.Visible;

/**
 * What the templates see of the report model: every string shown as {@link Visible#text}, so a
 * control character or a bidi override from a scenario, a run directory or an import reaches
 * report.html and report.md (and a user's own templates) as visible text, before the output
 * format's own escaping.
 */
final class VisibleObjectWrapper extends DefaultObjectWrapper {

    VisibleObjectWrapper(DefaultObjectWrapperBuilder settings) {
        super(settings, true);
    }

    @Override
    public TemplateModel wrap(Object obj) throws TemplateModelException {
        return super.wrap(obj instanceof String s ? Visible.text(s) : obj);
    }
}
