package io.payouts.service.console;

import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

import java.nio.charset.StandardCharsets;

/** The console's one page; its scripts, styles and the chart library are static files beside it (ADR-0020). */
@Controller
class ConsolePageController {

    private static final Resource PAGE = new ClassPathResource("console/index.html");
    private static final MediaType HTML = new MediaType(MediaType.TEXT_HTML, StandardCharsets.UTF_8);

    @GetMapping({"/console", "/console/"})
    ResponseEntity<Resource> page() {
        return ResponseEntity.ok().contentType(HTML).body(PAGE);
    }
}
