package io.payouts.service.access;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Modifying;
import org.springframework.data.jpa.repository.Query;

import java.time.Instant;

interface UserSessionRepository extends JpaRepository<UserSession, String> {

    @Modifying
    @Query("update UserSession s set s.endedAt = :at where s.userId = :userId and s.endedAt is null")
    int endAllOf(String userId, Instant at);
}
