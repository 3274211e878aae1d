package io.payouts.service.console;

import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/** The console's one page; its scripts, styles and the chart library are static files beside it (ADR-0020). */
@Controller
class ConsolePageController {

    private static final Resource PAGE = new ClassPathResource("console/index.html");

    @GetMapping({"/console", "/console/"})
    ResponseEntity<Resource> page() {
        return ResponseEntity.ok().contentType(MediaType.TEXT_HTML).body(PAGE);
    }
}
