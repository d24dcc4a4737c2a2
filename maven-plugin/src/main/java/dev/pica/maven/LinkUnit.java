package dev.pica.maven;

import java.util.ArrayList;
import java.util.List;

/**
 * One output binary and what it links: sources (relative to sourceDirectory) or objects
 * (relative to the project directory), in link order.
 */
public class LinkUnit {
    /** The output file name, relative to outputDirectory (for example {@code shaders/main.shbin}). */
    private String output;

    /** Sources (.vsh/.gsh, .pica, GLSL .vert) or DVOJ objects, in link order. */
    private List<String> sources = new ArrayList<>();

    public String getOutput() {
        return output;
    }

    public void setOutput(String output) {
        this.output = output;
    }

    public List<String> getSources() {
        return sources;
    }

    public void setSources(List<String> sources) {
        this.sources = sources;
    }

    @Override
    public String toString() {
        return output + "=" + sources;
    }
}
