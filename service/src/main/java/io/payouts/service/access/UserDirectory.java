package io.payouts.service.access;

import io.payouts.shared.DomainException;
import io.payouts.shared.ErrorCode;
import io.payouts.shared.ForbiddenException;
import io.payouts.shared.InvalidStateException;
import io.payouts.shared.PageRequest;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Sort;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

import java.time.Clock;
import java.util.Map;
import java.util.UUID;

/** The team: owners and admins add users and disable them; only an owner may add or disable an owner. */
@Component
public class UserDirectory {

    private final UserAccountRepository users;
    private final UserSessionRepository sessions;
    private final PasswordEncoder passwords;
    private final Clock clock;

    UserDirectory(UserAccountRepository users, UserSessionRepository sessions, PasswordEncoder passwords, Clock clock) {
        this.users = users;
        this.sessions = sessions;
        this.passwords = passwords;
        this.clock = clock;
    }

    @Transactional
    public UserAccount create(String email, String password, Role role, UserAccount actor) {
        if (role == Role.OWNER && actor.role() != Role.OWNER) {
            throw new ForbiddenException("only an owner may add another owner");
        }
        return add(email, password, role, actor.id());
    }

    @Transactional(readOnly = true)
    public Page<UserAccount> list(PageRequest page) {
        return users.findAllBy(org.springframework.data.domain.PageRequest.of(page.page() - 1, page.pageSize(),
                Sort.by(Sort.Order.asc("createdAt"), Sort.Order.asc("id"))));
    }

    /** Disables a user and ends their sessions at once. */
    @Transactional
    public UserAccount disable(String userId, UserAccount actor) {
        UserAccount user = users.findById(userId).orElseThrow(() -> new UserNotFoundException(userId));
        if (user.id().equals(actor.id())) {
            throw new InvalidStateException("you cannot disable yourself");
        }
        if (user.role() == Role.OWNER && actor.role() != Role.OWNER) {
            throw new ForbiddenException("only an owner may disable an owner");
        }
        if (!user.active()) {
            throw new InvalidStateException("user " + userId + " is already disabled");
        }
        user.disable(clock.instant());
        sessions.endAllOf(user.id(), clock.instant());
        return user;
    }

    /** Creates the first owner unless an owner exists; true when it did. */
    @Transactional
    public boolean ensureOwner(String email, String password) {
        if (users.existsByRole(Role.OWNER)) {
            return false;
        }
        add(email, password, Role.OWNER, null);
        return true;
    }

    private UserAccount add(String email, String password, Role role, String createdBy) {
        if (users.findByEmail(email).isPresent()) {
            throw new DuplicateEmailException();
        }
        String id = "usr_" + UUID.randomUUID().toString().replace("-", "");
        return users.save(new UserAccount(id, email, passwords.encode(password), role, createdBy, clock.instant()));
    }

    static class DuplicateEmailException extends DomainException {

        DuplicateEmailException() {
            super(ErrorCode.CONFLICT, "a user with this e-mail already exists", Map.of("email", "already registered"));
        }
    }

    static class UserNotFoundException extends DomainException {

        UserNotFoundException(String userId) {
            super(ErrorCode.NOT_FOUND, "user " + userId + " not found");
        }
    }
}
