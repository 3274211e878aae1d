package io.payouts.service.access;

import io.payouts.service.http.ApiEnums;
import io.payouts.service.http.ApiResponse;
import io.payouts.service.http.Pagination;
import io.payouts.service.http.RequestContext;
import io.payouts.shared.driver.EmailAddress;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import org.springframework.data.domain.Page;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.util.List;

/** The team, for owners and admins: add users, list them, disable them. */
@RestController
@RequestMapping("/api/v1/admin/users")
class UserAdminController {

    private static final Pagination USERS = new Pagination(20, 100);

    private final UserDirectory directory;
    private final UserAccountRepository users;

    UserAdminController(UserDirectory directory, UserAccountRepository users) {
        this.directory = directory;
        this.users = users;
    }

    @PostMapping
    ApiResponse<UserResponse> create(@Valid @RequestBody NewUserRequest body, RequestContext context) {
        if (!EmailAddress.isValid(body.email())) {
            throw new io.payouts.shared.InvalidFieldException("email", "must be a valid e-mail address");
        }
        Role role = ApiEnums.parse(Role.class, "role", body.role());
        return ApiResponse.ok(context, UserResponse.of(directory.create(body.email(), body.password(), role, actor(context))));
    }

    @GetMapping
    ApiResponse<UserList> list(@RequestParam(required = false) Integer page,
                               @RequestParam(required = false) Integer pageSize, RequestContext context) {
        Page<UserAccount> users = directory.list(USERS.request(page, pageSize));
        return ApiResponse.ok(context, new UserList(users.getContent().stream().map(UserResponse::of).toList(),
                users.getTotalElements(), users.getNumber() + 1, users.getSize()));
    }

    @DeleteMapping("/{id}")
    ApiResponse<UserResponse> disable(@PathVariable String id, RequestContext context) {
        return ApiResponse.ok(context, UserResponse.of(directory.disable(id, actor(context))));
    }

    private UserAccount actor(RequestContext context) {
        return users.findById(context.requireCaller().userId())
                .orElseThrow(() -> new IllegalStateException("a signed-in user exists"));
    }

    record NewUserRequest(
            @NotBlank(message = "is required") @Size(max = EmailAddress.MAX_LENGTH, message = "is too long") String email,
            @NotNull(message = "is required") @Size(min = 12, max = 64, message = "must be 12 to 64 characters") String password,
            @NotNull(message = "is required") String role) {
    }

    record UserList(List<UserResponse> items, long total, int page, int pageSize) {
    }
}
