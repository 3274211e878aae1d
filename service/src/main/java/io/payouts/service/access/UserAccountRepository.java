package io.payouts.service.access;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

import java.util.Optional;

interface UserAccountRepository extends JpaRepository<UserAccount, String> {

    @Query("select u from UserAccount u where lower(u.email) = lower(:email)")
    Optional<UserAccount> findByEmail(String email);

    boolean existsByRole(Role role);

    Page<UserAccount> findAllBy(Pageable pageable);
}
